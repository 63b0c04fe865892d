import { positive, type Positive } from './types.ts';

const phone = (text: string, detail: string) => positive('phone', text, detail);

/** Phone numbers, plain and disguised. The numbers are Ofcom's drama ranges. */
export const phonePositives: Positive[] = [
  phone('Call me on 07700 900123 tonight', '07700 900123'),
  phone('mobile: 07700 900 123', '07700 900 123'),
  phone('my number is 07 700 900 123', '07 700 900 123'),
  phone('text 07700900123 or ring', '07700900123'),
  phone('ring 07700 900123.', '07700 900123'),
  phone('Tel. 0117 496 0456 any time', '0117 496 0456'),
  phone('landline 0113 496 0123', '0113 496 0123'),
  phone('office 020 7946 0321 weekdays', '020 7946 0321'),
  phone('call 0161 496 0765 after six', '0161 496 0765'),
  phone('+44 7700 900123 is my mobile', '+44 7700 900123'),
  phone('ring +44 (0) 7700 900123', '+44 (0) 7700 900123'),
  phone('(+44) 7700 900123 whatsapp', '(+44) 7700 900123'),
  phone('0044 7700 900123 from abroad', '0044 7700 900123'),
  phone('My French number +33 6 12 34 56 78', '+33 6 12 34 56 78'),
  phone('US cell +1 (202) 555-0143', '+1 (202) 555-0143'),
  // Full-width, other scripts' digits, mathematical and enclosed digits.
  phone('Call me on ０７７００ ９００１２３', '０７７００ ９００１２３'),
  phone('call ＋４４ ７７００ ９００１２３ please', '＋４４ ７７００ ９００１２３'),
  phone('رقمي ٠٧٧٠٠ ٩٠٠١٢٣', '٠٧٧٠٠ ٩٠٠١٢٣'),
  phone('number ۰۷۷۰۰۹۰۰۱۲۳ ok', '۰۷۷۰۰۹۰۰۱۲۳'),
  phone('call ०७७०० ९००१२३', '०७७०० ९००१२३'),
  phone('call ০৭৭০০ ৯০০১২৩', '০৭৭০০ ৯০০১২৩'),
  phone('call ๐๗๗๐๐๙๐๐๑๒๓', '๐๗๗๐๐๙๐๐๑๒๓'),
  phone('my number 𝟎𝟕𝟕𝟎𝟎 𝟗𝟎𝟎𝟏𝟐𝟑', '𝟎𝟕𝟕𝟎𝟎 𝟗𝟎𝟎𝟏𝟐𝟑'),
  phone('my number 𝟶𝟽𝟽𝟶𝟶 𝟿𝟶𝟶𝟷𝟸𝟹', '𝟶𝟽𝟽𝟶𝟶 𝟿𝟶𝟶𝟷𝟸𝟹'),
  phone('my number 𝟘𝟟𝟟𝟘𝟘 𝟡𝟘𝟘𝟙𝟚𝟛', '𝟘𝟟𝟟𝟘𝟘 𝟡𝟘𝟘𝟙𝟚𝟛'),
  phone('ring ⓪⑦⑦⓪⓪⑨⓪⓪①②③', '⓪⑦⑦⓪⓪⑨⓪⓪①②③'),
  phone('ring ⁰⁷⁷⁰⁰⁹⁰⁰¹²³', '⁰⁷⁷⁰⁰⁹⁰⁰¹²³'),
  phone('mixed 07700 ٩٠٠١٢٣', '07700 ٩٠٠١٢٣'),
  // Invisible characters between digits.
  phone(
    'call 0\u200b7\u200b7\u200b0\u200b0 9\u200b0\u200b0\u200b1\u200b2\u200b3',
    '0\u200b7\u200b7\u200b0\u200b0 9\u200b0\u200b0\u200b1\u200b2\u200b3',
  ),
  phone('call 07\u00ad700\u00ad900\u00ad123', '07\u00ad700\u00ad900\u00ad123'),
  phone('call 0770\u20600900123', '0770\u20600900123'),
  phone('call 07700 \u200c900 123', '07700 \u200c900 123'),
  phone('call 0\ufe0f7700 900123', '0\ufe0f7700 900123'),
  phone('call 0️⃣7️⃣7️⃣0️⃣0️⃣9️⃣0️⃣0️⃣1️⃣2️⃣3️⃣', '0️⃣7️⃣7️⃣0️⃣0️⃣9️⃣0️⃣0️⃣1️⃣2️⃣3️⃣'),
  // Digits written as words.
  phone(
    'ring zero seven seven double oh nine double oh one two three',
    'zero seven seven double oh nine double oh one two three',
  ),
  phone(
    'zero seven seven zero zero nine zero zero one two three is me',
    'zero seven seven zero zero nine zero zero one two three',
  ),
  phone(
    'oh seven seven oh oh, nine oh oh, one two three',
    'oh seven seven oh oh, nine oh oh, one two three',
  ),
  phone(
    'ZERO SEVEN SEVEN DOUBLE OH NINE DOUBLE OH ONE TWO THREE',
    'ZERO SEVEN SEVEN DOUBLE OH NINE DOUBLE OH ONE TWO THREE',
  ),
  phone(
    'seven seven double oh nine double oh one two three',
    'seven seven double oh nine double oh one two three',
  ),
  phone(
    'oh seven seven triple oh nine oh one two three',
    'oh seven seven triple oh nine oh one two three',
  ),
  phone('call zero 7 7 double 0 nine 0 0 one 2 3', 'zero 7 7 double 0 nine 0 0 one 2 3'),
  phone('Text me on zero 7700 900 123', 'zero 7700 900 123'),
  phone(
    'seven seven zero zero, nine hundred, one two three',
    'seven seven zero zero, nine hundred, one two three',
  ),
  phone('whatsapp me 07700900123', '07700900123'),
  phone(
    'nought one one three, four nine six, nought one two three',
    'nought one one three, four nine six, nought one two three',
  ),
  // Letters for digits.
  phone('call O77OO 9OO123', 'O77OO 9OO123'),
  phone('call o7700 9oo123', 'o7700 9oo123'),
  phone('call 07700 9OOl23', '07700 9OOl23'),
  phone('call O7700 - 9OO - l23', 'O7700 - 9OO - l23'),
  // Separators between groups.
  phone('call 07700/900/123', '07700/900/123'),
  phone('call 07700_900_123', '07700_900_123'),
  phone('call 07700*900*123', '07700*900*123'),
  phone('call 07700.900.123', '07700.900.123'),
  phone('call 077-009-00123', '077-009-00123'),
  phone('call 07700-900-123', '07700-900-123'),
  phone('call (07700) 900123', '(07700) 900123'),
  phone('call 07700|900|123', '07700|900|123'),
  phone('call 0 7 7 0 0 9 0 0 1 2 3', '0 7 7 0 0 9 0 0 1 2 3'),
  phone('call 0 7 7 0 0 - 9 0 0 - 1 2 3', '0 7 7 0 0 - 9 0 0 - 1 2 3'),
  // Without the leading 0, or with 44 but no +.
  phone('call 7700 900123', '7700 900123'),
  phone('call 44 7700 900123', '44 7700 900123'),
  phone('call 447700900123', '447700900123'),
];
