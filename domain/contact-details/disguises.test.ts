import { describe, expect, it } from 'vitest';
import { maskContactDetails } from './contact-details.ts';

/**
 * Disguises found by trying the finished detector from outside, beyond the corpus: each must
 * leave no digit run, address part or top-level domain of the detail in the masked text.
 */
const cases: [text: string, leftovers: string[]][] = [
  ['j-o-h-n-@-g-m-a-i-l-.-c-o-m', ['j-o-h-n', 'g-m-a-i-l', 'c-o-m']],
  ['j_o_h_n_@_g_m_a_i_l_._c_o_m', ['j_o_h_n', 'c_o_m']],
  ['j*o*h*n*@*g*m*a*i*l*.*c*o*m', ['j*o*h*n', 'c*o*m']],
  ['email me at john dot smith at outlook dot com', ['john', 'smith', 'outlook', 'dot com']],
  ['write to me at jane dot doe at gmail dot co dot uk', ['jane', 'gmail', 'co dot uk']],
  ['zero7700 nine00 one23', ['7700', 'nine00', 'one23']],
  ['call oh seven seven oh oh, nine oh oh, one two three', ['seven seven', 'one two three']],
  ['my mob: 07700nine00123', ['07700', '00123']],
  ['text 0-7-7-0-0-9-0-0-1-2-3', ['0-7-7-0-0']],
  ['ring 0|7|7|0|0|9|0|0|1|2|3', ['0|7|7|0|0']],
];

describe('disguises tried from outside', () => {
  it.each(cases)('masks "%s"', (text, leftovers) => {
    const masked = maskContactDetails(text);
    expect(masked.kinds.length).toBeGreaterThan(0);
    for (const leftover of leftovers) expect(masked.text).not.toContain(leftover);
  });

  it.each([
    'the one-bed flat at 2-4 Park Lane is £1,250 pcm',
    'open 9-5 mon-fri, bus 38 or 1-2-3 minutes walk',
    'floors: ground, first, second; rooms 1-2-3-4 on the plan',
    'one 2 bed flat, two 3 bed houses, nine 4 bed homes',
  ])('leaves "%s" alone', (text) => {
    expect(maskContactDetails(text)).toEqual({ text, kinds: [] });
  });
});
