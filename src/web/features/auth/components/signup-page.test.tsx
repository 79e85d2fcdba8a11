import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataProvider } from '../../../data/data-provider';
import { setTokenSource, setTransport } from '../../../lib/api-client';
import { StoreProvider } from '../../../state/store-provider';
import SignupPage from './signup-page';

type Signup = { open: boolean; emailDomains: string[] };

/** The signup screen on a backend whose GET /api/config says `signup`; other calls recorded. */
function renderSignup(signup: Signup) {
  const posted: string[] = [];
  setTransport(async (request) => {
    const path = new URL(request.url).pathname;
    if (path === '/api/config') return Response.json({ demoAccount: true, signup });
    posted.push(path);
    return Response.json({ errors: ['not expected'] }, { status: 500 });
  });
  render(
    <StoreProvider>
      <DataProvider>
        <MemoryRouter initialEntries={['/signup']}>
          <SignupPage />
        </MemoryRouter>
      </DataProvider>
    </StoreProvider>,
  );
  return posted;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

describe('the signup screen and who may sign up', () => {
  beforeEach(() => {
    localStorage.clear();
    setTokenSource(() => null);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it('closed: says so instead of the form', async () => {
    renderSignup({ open: false, emailDomains: [] });
    expect(
      await screen.findByText(
        "Signups are closed on this site. Ask the site's operators for an account.",
      ),
    ).toBeDefined();
    expect(screen.queryByLabelText('Email', { selector: 'input' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Login' })).toBeDefined();
  });

  it('limited to domains: names them before the form is filled, and checks the email', async () => {
    const posted = renderSignup({ open: true, emailDomains: ['school.example', 'x.example'] });
    expect(
      await screen.findByText('Only email addresses at school.example or x.example can sign up.'),
    ).toBeDefined();
    fill('Email', 'ada@gmail.example');
    fill('First name', 'Ada');
    fill('Last name', 'Lovelace');
    fill('Password', 'analytical-engine');
    fill('Confirm password', 'analytical-engine');
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create New Account' }));
    expect(
      await screen.findByText(
        'Signups are limited to email addresses at school.example or x.example.',
      ),
    ).toBeDefined();
    expect(screen.getByLabelText('Email', { selector: 'input' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(posted).toEqual([]);
  });

  it('open: the form, with no word on domains', async () => {
    renderSignup({ open: true, emailDomains: [] });
    expect(await screen.findByLabelText('Email', { selector: 'input' })).toBeDefined();
    expect(screen.queryByText(/can sign up/)).toBeNull();
  });
});
