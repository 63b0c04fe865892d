import type { Positive } from './types.ts';

const bank = (text: string, ...details: string[]): Positive => ({ text, details, kind: 'bank' });

/** UK bank details and IBANs (the banks' published example numbers). */
export const bankPositives: Positive[] = [
  bank('pay the holding deposit by bank transfer to sort code 20-00-00', '20-00-00'),
  bank('sort code 20 00 00 account 12345678', '20 00 00', '12345678'),
  bank('sort code: 200000', '200000'),
  bank('sortcode 20.00.00', '20.00.00'),
  bank('s/c 40-11-62 a/c 31926819', '40-11-62', '31926819'),
  bank('40-11-62 31926819', '40-11-62', '31926819'),
  bank('send it to 60-16-13 please', '60-16-13'),
  bank('sort code two oh, double oh, double oh', 'two oh, double oh, double oh'),
  bank('account number 31926819', '31926819'),
  bank('acc no 3192 6819', '3192 6819'),
  bank('a/c 12345678', '12345678'),
  bank('account 1234 5678 sort code 09-01-28', '1234 5678', '09-01-28'),
  bank('bank: Barclays, sort 20-32-53, account 43218765', '20-32-53', '43218765'),
  bank('payee J Smith, 60-16-13, 31926819', '60-16-13', '31926819'),
  bank('sort code ２０－００－００', '２０－００－００'),
  bank('sort code 20—00—00', '20—00—00'),
  bank('sort code 2O-OO-OO', '2O-OO-OO'),
  bank('sort code 20\u200b-00-00', '20\u200b-00-00'),
  bank('IBAN GB29 NWBK 6016 1331 9268 19', 'GB29 NWBK 6016 1331 9268 19'),
  bank('GB29NWBK60161331926819 is my IBAN', 'GB29NWBK60161331926819'),
  bank('German account DE89 3704 0044 0532 0130 00', 'DE89 3704 0044 0532 0130 00'),
  bank('IBAN: fr14 2004 1010 0505 0001 3m02 606', 'fr14 2004 1010 0505 0001 3m02 606'),
  bank(
    'iban ＧＢ２９ＮＷＢＫ６０１６１３３１９２６８１９',
    'ＧＢ２９ＮＷＢＫ６０１６１３３１９２６８１９',
  ),
];
