import { positive, type Positive } from './types.ts';

const handle = (text: string, detail: string) => positive('handle', text, detail);

/** Messaging-app handles and links. */
export const handlePositives: Positive[] = [
  handle('whatsapp me on wa.me/447700900123', 'wa.me/447700900123'),
  handle('join https://chat.whatsapp.com/AbCdEf123', 'https://chat.whatsapp.com/AbCdEf123'),
  handle('t.me/jsmith_flats', 't.me/jsmith_flats'),
  handle('https://t.me/jsmith', 'https://t.me/jsmith'),
  handle('m.me/jane.smith', 'm.me/jane.smith'),
  handle('snapchat.com/add/jsmith99', 'snapchat.com/add/jsmith99'),
  handle('instagram.com/janeflats', 'instagram.com/janeflats'),
  handle('facebook.com/jane.smith.99', 'facebook.com/jane.smith.99'),
  handle('https://signal.me/#eu/abc123', 'https://signal.me/#eu/abc123'),
  handle('my telegram is @jsmith_ldn', '@jsmith_ldn'),
  handle('telegram: jsmithflats', 'jsmithflats'),
  handle('Telegram ➜ @jsmith', '@jsmith'),
  handle('tg @flatsjsmith', '@flatsjsmith'),
  handle('add me on snapchat jsmith99', 'jsmith99'),
  handle('find me on instagram @jane.lets', '@jane.lets'),
  handle('insta: jane_lets_flats', 'jane_lets_flats'),
  handle('my insta is janeletsflats', 'janeletsflats'),
  handle('IG @jane.flats', '@jane.flats'),
  handle('signal: @jsmith.01', '@jsmith.01'),
  handle('add me on signal jsmith.01', 'jsmith.01'),
  handle('my snap is jsmith.ldn', 'jsmith.ldn'),
  handle('whatsapp: @jsmith', '@jsmith'),
  handle('wechat id: jsmith88', 'jsmith88'),
  handle('skype: jsmith.flats', 'jsmith.flats'),
  handle('message me on telegram, username jsmithflats', 'jsmithflats'),
  handle('add me @jsmith_99', '@jsmith_99'),
  handle('@ｊｓｍｉｔｈ on telegram', '@ｊｓｍｉｔｈ'),
];
