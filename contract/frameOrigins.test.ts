import { describe, expect, it } from 'vitest';
import { FRAME_ORIGIN_MESSAGES, normaliseFrameOrigin, normaliseFrameOrigins } from './frameOrigins';

describe('frame origins', () => {
  it.each([
    ['https://Portal.Example.CO', 'https://portal.example.co'],
    ['https://portal.example.co:443/', 'https://portal.example.co'],
    ['https://portal.example.co:8443', 'https://portal.example.co:8443'],
    ['http://127.0.0.1:5173', 'http://127.0.0.1:5173'],
    ['http://localhost', 'http://localhost'],
    ['http://[::1]:3000/', 'http://[::1]:3000'],
    ['https://xn--aoo-0na.example.co', 'https://xn--aoo-0na.example.co'],
    ['https://10.0.0.5', 'https://10.0.0.5'],
  ])('writes %s as %s', (input, origin) => {
    expect(normaliseFrameOrigin(input)).toEqual({ origin });
  });

  it.each([
    ['https://añoo.example.co', FRAME_ORIGIN_MESSAGES.characters],
    ['https://portal\u202e.example.co', FRAME_ORIGIN_MESSAGES.characters],
    ['http://192.168.1.4', FRAME_ORIGIN_MESSAGES.https],
    ['http://portal.example.co', FRAME_ORIGIN_MESSAGES.https],
    ['https://*.example.co', FRAME_ORIGIN_MESSAGES.wildcard],
    ['https://portal.example.co/a', FRAME_ORIGIN_MESSAGES.shape],
    ['https://portal.example.co#x', FRAME_ORIGIN_MESSAGES.shape],
    ['javascript://x', FRAME_ORIGIN_MESSAGES.https],
    ['https://portal', FRAME_ORIGIN_MESSAGES.host],
    ['https://300.1.1.1', FRAME_ORIGIN_MESSAGES.host],
    ['https://-portal.example.co', FRAME_ORIGIN_MESSAGES.host],
    [`https://${'a'.repeat(400)}.co`, FRAME_ORIGIN_MESSAGES.tooLong],
  ])('refuses %s', (input, problem) => {
    expect(normaliseFrameOrigin(input)).toEqual({ problem });
  });

  it('drops repeats, names each refused line and refuses more than ten', () => {
    expect(normaliseFrameOrigins(['https://a.example.co', 'https://A.example.co/'])).toEqual({
      origins: ['https://a.example.co'],
    });
    expect(normaliseFrameOrigins(['https://a.example.co', 'x', 'https://*.b.co'])).toEqual({
      problems: { 1: FRAME_ORIGIN_MESSAGES.shape, 2: FRAME_ORIGIN_MESSAGES.wildcard },
    });
    expect(normaliseFrameOrigins(Array.from({ length: 11 }, (_, i) => `https://p${i}.co`))).toMatchObject({
      tooMany: true,
    });
  });
});
