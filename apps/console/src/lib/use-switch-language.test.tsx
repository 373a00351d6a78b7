import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LanguageLinks } from '../components/language-links';
import { renderAt } from '../test/render';
import { getLanguageCookie, setToken } from './cookies';
import { i18n } from './i18n';

/** Answers every request of the real request client with this body; records what was sent. */
function serverAnswers(body: unknown) {
  const sent: Array<{ url: string; body: unknown }> = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    sent.push({ url, body: init.body });
    return new Response(JSON.stringify(body), { status: 200 });
  });
  return sent;
}

describe('switching the language', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signed in: refused with 4005, the language stays, no success is shown, the logout dialog opens', async () => {
    setToken('tok-ended');
    const sent = serverAnswers({
      code: 4005,
      msg: 'You have been logged out, please log in again',
    });
    renderAt(<LanguageLinks />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '中文' }));

    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    expect(dialog).toHaveTextContent('Confirm logout');
    expect(sent.map((request) => request.url)).toEqual(['/admin-api/power/set_language']);
    expect(i18n.language).toBe('en');
    expect(getLanguageCookie()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByText('Switch Language Success')).toBeNull();
    expect(screen.queryByText('切换语言成功')).toBeNull();
    await userEvent
      .setup({ delay: null })
      .click(within(dialog).getByRole('button', { name: 'Cancel' }));
  });

  it('signed in: stored on the account first, then switched and called a success', async () => {
    setToken('tok-live');
    const sent = serverAnswers({ code: 0, msg: 'Success', ret: { language: 'zh' } });
    renderAt(<LanguageLinks />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '中文' }));

    await screen.findByText('切换语言成功', {}, { timeout: 5_000 });
    expect(JSON.parse(String(sent[0]?.body))).toEqual({ language: 'zh' });
    expect(i18n.language).toBe('zh');
    expect(getLanguageCookie()).toBe('zh');
  });

  it('signed out: switches at once without calling the server', async () => {
    const sent = serverAnswers({ code: 0, msg: 'Success', ret: null });
    renderAt(<LanguageLinks />);
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '中文' }));

    await waitFor(() => expect(i18n.language).toBe('zh'));
    expect(getLanguageCookie()).toBe('zh');
    expect(sent.map((request) => request.url)).toEqual([]);
  });
});
