import { afterEach, describe, expect, it, vi } from 'vitest';
import { CAPTCHA_NOT_SET_UP, renderCaptcha, resetCaptchaLoader } from './captcha';

type Scope = typeof globalThis & { grecaptcha?: unknown };

afterEach(() => {
  delete (globalThis as Scope).grecaptcha;
  resetCaptchaLoader();
  vi.restoreAllMocks();
});

describe('renderCaptcha', () => {
  it("rejects with 'ReCaptcha has not been set up!' without a site key", async () => {
    await expect(renderCaptcha(document.createElement('div'), {}, { scriptUrl: '/x.js' })).rejects.toThrow(
      CAPTCHA_NOT_SET_UP,
    );
  });

  it('logs an error when rendering into the node fails, leaves no slot behind and rejects', async () => {
    const failure = new Error('bad container');
    (globalThis as Scope).grecaptcha = {
      render: () => {
        throw failure;
      },
      reset: () => undefined,
      getResponse: () => '',
    };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    await expect(renderCaptcha(container, {}, { siteKey: 'k', scriptUrl: '/captcha/test-provider.js' })).rejects.toBe(
      failure,
    );
    expect(logged).toHaveBeenCalledWith('The CAPTCHA could not be rendered', failure);
    expect(container.children).toHaveLength(0);
  });
});
