import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLeaveGuard } from './use-leave-guard';

const question = 'Leave without saving?';

function Screen({ unsaved }: { unsaved: boolean }) {
  useLeaveGuard(unsaved, question);
  return (
    <>
      <Link to="/elsewhere">Elsewhere</Link>
      <a href="#notes">Skip to notes</a>
      <a href="https://example.com/" target="_blank" rel="noreferrer">
        Another site
      </a>
    </>
  );
}

function renderAt(unsaved: boolean) {
  render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<Screen unsaved={unsaved} />} />
        <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
      </Routes>
    </MemoryRouter>,
  );
}

const beforeUnloadPrevented = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('asking before leaving with unsaved work', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('asks before an in-app link, and stays when the answer is no', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).toHaveBeenCalledWith(question);
    expect(screen.queryByRole('heading', { name: 'Elsewhere' })).toBeNull();
  });

  it('leaves when the answer is yes', () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    screen.getByRole('heading', { name: 'Elsewhere' });
  });

  it('does not ask for a link on the same screen, a new tab, or when nothing is unsaved', () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Skip to notes' }));
    fireEvent.click(screen.getByRole('link', { name: 'Another site' }));
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }), { ctrlKey: true });
    expect(confirm).not.toHaveBeenCalled();
    cleanup();
    renderAt(false);
    fireEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(confirm).not.toHaveBeenCalled();
    screen.getByRole('heading', { name: 'Elsewhere' });
  });

  it('asks the browser before a reload or close only while something is unsaved', () => {
    renderAt(true);
    expect(beforeUnloadPrevented()).toBe(true);
    cleanup();
    renderAt(false);
    expect(beforeUnloadPrevented()).toBe(false);
  });
});
