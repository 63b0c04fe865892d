import { positive, type Positive } from './types.ts';

const email = (text: string, detail: string) => positive('email', text, detail);

/** E-mail addresses, plain and disguised. */
export const emailPositives: Positive[] = [
  email('email me: jane.doe@example.com', 'jane.doe@example.com'),
  email('write to jane.doe@example.co.uk please', 'jane.doe@example.co.uk'),
  email('john.smith+flats@example.org for details', 'john.smith+flats@example.org'),
  email('john_smith99@outlook.com', 'john_smith99@outlook.com'),
  email('JOHN@HOTMAIL.CO.UK is best', 'JOHN@HOTMAIL.CO.UK'),
  email('j.smith@mail.example.co.uk', 'j.smith@mail.example.co.uk'),
  email('john@icloud.com thanks', 'john@icloud.com'),
  email('lettings@roost-deals.london', 'lettings@roost-deals.london'),
  email('mail john@example.xyz now', 'john@example.xyz'),
  email('j.o.h.n@gmail.com', 'j.o.h.n@gmail.com'),
  // Words for the symbols.
  email('write to name at example dot com', 'name at example dot com'),
  email('jane (at) example (dot) com', 'jane (at) example (dot) com'),
  email('jane[at]example[dot]com', 'jane[at]example[dot]com'),
  email('jane {at} example {dot} co {dot} uk', 'jane {at} example {dot} co {dot} uk'),
  email('jane AT example DOT com', 'jane AT example DOT com'),
  email('john<at>gmail<dot>com', 'john<at>gmail<dot>com'),
  email('john [at] gmail [dot] com', 'john [at] gmail [dot] com'),
  email('john@gmail dot com', 'john@gmail dot com'),
  email('john at gmail.com', 'john at gmail.com'),
  email('write to john.smith at gmail', 'john.smith at gmail'),
  email('jsmith@hotmail is best', 'jsmith@hotmail'),
  email('john@gmail[.]com', 'john@gmail[.]com'),
  email('john(at)gmail(.)com', 'john(at)gmail(.)com'),
  email('mail me on j.smith at yahoo dot co dot uk', 'j.smith at yahoo dot co dot uk'),
  email('john (at) proton (dot) me', 'john (at) proton (dot) me'),
  email('my email is john.smith at gmail dot com thanks', 'john.smith at gmail dot com'),
  // Spaces, full-width forms, look-alike letters, invisible characters.
  email('j o h n @ g m a i l . c o m', 'j o h n @ g m a i l . c o m'),
  email('john @ gmail . com', 'john @ gmail . com'),
  email('john@ gmail.com', 'john@ gmail.com'),
  email('john @gmail.com', 'john @gmail.com'),
  email('john＠gmail．com', 'john＠gmail．com'),
  email('ｊｏｈｎ＠ｇｍａｉｌ．ｃｏｍ', 'ｊｏｈｎ＠ｇｍａｉｌ．ｃｏｍ'),
  email('john﹫gmail.com', 'john﹫gmail.com'),
  email('jоhn@gmаil.com', 'jоhn@gmаil.com'),
  email('𝐣𝐨𝐡𝐧@𝐠𝐦𝐚𝐢𝐥.𝐜𝐨𝐦', '𝐣𝐨𝐡𝐧@𝐠𝐦𝐚𝐢𝐥.𝐜𝐨𝐦'),
  email('john\u200b@\u200bgmail.com', 'john\u200b@\u200bgmail.com'),
  email('jo\u00adhn@gm\u00adail.com', 'jo\u00adhn@gm\u00adail.com'),
];
