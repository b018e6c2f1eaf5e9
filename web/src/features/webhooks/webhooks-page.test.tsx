// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Role } from '@ecore/core/identity/roles.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { Session } from '../../lib/session.ts';
import { renderUi } from '../../testing/render.tsx';
import type { WebhookItem } from './webhooks-api.ts';

/*
 * The account administrator's webhooks screen (docs/webhooks.md): the subscriptions with their state, creating one
 * (the secret shown once, the server's refusals at their fields in the current language), deleting after a
 * confirmation, and the last deliveries of one.
 */
const api = vi.hoisted(() => ({ fetchWebhooks: vi.fn(), createWebhook: vi.fn(), deleteWebhook: vi.fn(), fetchWebhookDeliveries: vi.fn() }));
vi.mock(import('./webhooks-api.ts'), async (original) => ({ ...(await original()), ...api }));
const toasts = vi.hoisted(() => ({ notifySuccess: vi.fn(), notifyError: vi.fn() }));
vi.mock(import('../../lib/notify.ts'), async (original) => ({ ...(await original()), ...toasts }));
const session: Session = {
  token: 'token',
  claims: { sub: '1', userName: 'admin', role: String(Role.AccountAdministrator), external: false, exp: 4_102_444_800 } as unknown as Session['claims'],
  actor: { userId: 1, userName: 'admin', roles: [Role.AccountAdministrator], external: false, orgId: 1, orgTest: false, orgFinance: false, orgBuyer: false },
};
vi.mock(import('../../lib/session.ts'), async (original) => ({ ...(await original()), useSession: () => session, getToken: () => 'token' }));

afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 1200)));
beforeEach(() => {
  for (const fn of [...Object.values(api), ...Object.values(toasts)]) fn.mockReset();
});

const hook = (id: number, over: Partial<WebhookItem> = {}): WebhookItem => ({
  id,
  organisationId: 1,
  organisationName: 'ECORE Demo',
  url: `https://hooks.example/${id}`,
  events: ['certificate.issued'],
  createdAt: '2026-11-20T08:00:00.000Z',
  pausedAt: null,
  failingSince: null,
  ...over,
});

const renderPage = async (language: 'de' | 'en' = 'de') => {
  const { AccountWebhooksPage } = await import('./webhooks-page.tsx');
  const router = createMemoryRouter([{ path: '/account-management/webhooks', element: <AccountWebhooksPage /> }], { initialEntries: ['/account-management/webhooks'] });
  return renderUi(<RouterProvider router={router} />, { language });
};

describe('the webhooks screen', () => {
  it('lists each subscription with its organisation, events and state, under the account management tabs', async () => {
    api.fetchWebhooks.mockResolvedValue({ items: [hook(1), hook(2, { pausedAt: '2026-11-28T08:00:00.000Z', failingSince: '2026-11-27T08:00:00.000Z', events: ['questionnaire.submitted', 'review.finished'] })], total: 2 });
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Webhooks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(1, 5).map((c) => c.textContent))).toEqual([
      ['https://hooks.example/1', 'ECORE Demo', 'certificate.issued', 'Aktiv'],
      ['https://hooks.example/2', 'ECORE Demo', 'questionnaire.submitted, review.finished', 'Pausiert'],
    ]);
    expect(screen.getByRole('tab', { name: 'Webhooks', selected: true })).toBeTruthy();
  });

  it('creates a webhook with the chosen events and shows its secret once, with a copy button', async () => {
    api.fetchWebhooks.mockResolvedValue({ items: [], total: 0 });
    api.createWebhook.mockResolvedValue({ ...hook(3), secret: `whsec_${'b'.repeat(43)}` });
    const { user } = await renderPage('en');
    await user.click(await screen.findByRole('button', { name: 'Create webhook' }));
    const dialog = screen.getByRole('dialog', { name: 'Create webhook' });
    await user.clear(within(dialog).getByRole('textbox', { name: /^Address/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Address/ }), 'https://hooks.example/3');
    await user.click(within(dialog).getByRole('checkbox', { name: /certificate\.issued/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const shown = await screen.findByRole('dialog', { name: 'Your webhook secret' });
    expect((within(shown).getByRole('textbox', { name: 'Signing secret' }) as HTMLInputElement).value).toBe(`whsec_${'b'.repeat(43)}`);
    expect(within(shown).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(api.createWebhook).toHaveBeenCalledWith({ url: 'https://hooks.example/3', events: ['certificate.issued'] });
    await waitFor(() => expect(api.fetchWebhooks).toHaveBeenCalledTimes(2));
  });

  it('asks for an event before calling', async () => {
    api.fetchWebhooks.mockResolvedValue({ items: [], total: 0 });
    const { user } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Webhook anlegen' }));
    const dialog = screen.getByRole('dialog', { name: 'Webhook anlegen' });
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    await within(dialog).findByText('Bitte wählen Sie mindestens ein Ereignis');
    expect(api.createWebhook).not.toHaveBeenCalled();
  });

  for (const [language, https, limit] of [
    ['de', 'Die Adresse muss mit https:// beginnen', 'Eine Organisation kann höchstens 10 Webhooks haben'],
    ['en', 'The address must start with https://', 'An organisation can have at most 10 webhooks'],
  ] as const) {
    it(`shows the server's refusals at their fields (${language})`, async () => {
      api.fetchWebhooks.mockResolvedValue({ items: [], total: 0 });
      const { user } = await renderPage(language);
      await user.click(await screen.findByRole('button', { name: language === 'de' ? 'Webhook anlegen' : 'Create webhook' }));
      const dialog = screen.getByRole('dialog');
      await user.click(within(dialog).getAllByRole('checkbox')[0]!);
      api.createWebhook.mockRejectedValueOnce(new ApiError(400, 'validation-generic', '', [{ path: 'url', key: 'webhook-url-https', message: '' }]));
      await user.click(within(dialog).getByRole('button', { name: language === 'de' ? 'Anlegen' : 'Create' }));
      const url = within(dialog).getByRole('textbox', { name: language === 'de' ? /^Adresse/ : /^Address/ });
      await waitFor(() => expect(url.getAttribute('aria-invalid')).toBe('true'));
      expect(within(dialog).getByText(https)).toBeTruthy();
      api.createWebhook.mockRejectedValueOnce(new ApiError(400, 'validation-generic', '', [{ path: 'url', key: 'webhook-limit', message: '' }]));
      await user.click(within(dialog).getByRole('button', { name: language === 'de' ? 'Anlegen' : 'Create' }));
      await within(dialog).findByText(limit);
    });
  }

  it('deletes a webhook only after its confirmation', async () => {
    api.fetchWebhooks.mockResolvedValue({ items: [hook(1)], total: 1 });
    api.deleteWebhook.mockResolvedValue(undefined);
    const { user } = await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Löschen https://hooks.example/1' }));
    const confirm = screen.getByRole('dialog', { name: 'Webhook löschen' });
    expect(confirm.textContent).toContain('„https://hooks.example/1“');
    expect(api.deleteWebhook).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(api.deleteWebhook).toHaveBeenCalledWith(1));
    expect(toasts.notifySuccess).toHaveBeenCalledWith('Der Webhook wurde gelöscht');
  });

  it('shows the last deliveries of one with status and duration', async () => {
    api.fetchWebhooks.mockResolvedValue({ items: [hook(1)], total: 1 });
    api.fetchWebhookDeliveries.mockResolvedValue({
      items: [
        { eventId: 'e2', type: 'certificate.issued', attempt: 2, delivered: true, statusCode: 200, error: null, durationMs: 84, attemptedAt: '2026-11-28T10:01:00.000Z' },
        { eventId: 'e2', type: 'certificate.issued', attempt: 1, delivered: false, statusCode: null, error: 'timeout', durationMs: 5000, attemptedAt: '2026-11-28T10:00:00.000Z' },
      ],
    });
    const { user } = await renderPage('en');
    await user.click(await screen.findByRole('button', { name: 'Deliveries of https://hooks.example/1' }));
    const table = await screen.findByRole('table', { name: 'The last 100 delivery attempts' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent));
    expect(rows).toEqual([
      ['certificate.issued', '2', 'Delivered (200)', '84 ms'],
      ['certificate.issued', '1', 'No answer (timeout)', '5000 ms'],
    ]);
    expect(api.fetchWebhookDeliveries).toHaveBeenCalledWith(1);
  });
});
