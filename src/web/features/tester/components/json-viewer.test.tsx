import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { JsonViewer } from './json-viewer';

const numbers = (count: number) => Array.from({ length: count }, (_, index) => index * 10);

describe('the JSON viewer', () => {
  afterEach(cleanup);

  it('shows keys, strings, numbers, booleans and null as JSON text', () => {
    render(
      <JsonViewer
        label="Data"
        value={{ title: 'Learn', views: 12, done: false, owner: null, tags: [], extra: {} }}
      />,
    );
    const viewer = screen.getByRole('group', { name: 'Data' });
    expect(viewer.textContent).toBe(
      '▾{"title": "Learn","views": 12,"done": false,"owner": null,"tags": [],"extra": {}}',
    );
  });

  it('folds and unfolds an object with its toggle', async () => {
    const user = userEvent.setup();
    render(<JsonViewer label="Data" value={{ todo: { title: 'Fold me' } }} />);
    const toggle = screen.getByRole('button', { name: '"todo": {' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('"Fold me"')).toBeTruthy();
    await user.click(toggle);
    expect(screen.queryByText('"Fold me"')).toBeNull();
    const folded = screen.getByRole('button', { name: '"todo": {…} 1 key' });
    expect(folded.getAttribute('aria-expanded')).toBe('false');
  });

  it('lists an array of 100 items without groups', () => {
    render(<JsonViewer label="Data" value={numbers(100)} />);
    expect(screen.queryByRole('button', { name: /…\]$/ })).toBeNull();
    expect(screen.getByText('990')).toBeTruthy();
  });

  it('groups an array longer than 100 items by 100, each group folded until opened', async () => {
    const user = userEvent.setup();
    render(<JsonViewer label="Data" value={numbers(250)} />);
    const groups = screen.getAllByRole('button', { name: /^\[\d+ … \d+\]$/ });
    expect(groups.map((group) => group.textContent)).toEqual([
      '▸[0 … 99]',
      '▸[100 … 199]',
      '▸[200 … 249]',
    ]);
    expect(screen.queryByText('1500')).toBeNull();
    await user.click(screen.getByRole('button', { name: '[100 … 199]' }));
    expect(screen.getByText('1500')).toBeTruthy();
    expect(screen.queryByText('2490')).toBeNull();
  });

  it('indents each level by 4 characters', () => {
    render(<JsonViewer label="Data" value={{ a: [1] }} />);
    const viewer = screen.getByRole('group', { name: 'Data' });
    expect(viewer.style.getPropertyValue('--json-indent')).toBe('4ch');
    expect(within(viewer).getAllByRole('list')).toHaveLength(3);
  });
});
