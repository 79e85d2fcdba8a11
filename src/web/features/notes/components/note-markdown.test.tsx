import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NoteMarkdown from './note-markdown';

const videoId = 'PkZNo7MFNFg';

function draw(content: string, onSeek: (seconds: number) => boolean = () => true) {
  return render(<NoteMarkdown content={content} videoId={videoId} onSeek={onSeek} />).container;
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a note drawn as Markdown', () => {
  it('draws emphasis, lists and inline code', () => {
    const note = draw('Use **map**, not `forEach`:\n\n- one\n- two');
    expect(note.querySelector('strong')?.textContent).toBe('map');
    expect(note.querySelector('code')?.textContent).toBe('forEach');
    expect(note.querySelectorAll('li')).toHaveLength(2);
  });

  it('shows raw HTML as text and creates no element from it', () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const note = draw(
      [
        'Before <img src=x onerror="alert(1)"> after',
        '',
        '<script>alert(2)</script>',
        '',
        '<iframe src="https://example.com"></iframe>',
        '',
        '<a href="javascript:alert(3)">html link</a>',
      ].join('\n'),
    );
    expect(note.querySelector('img, script, iframe, [onerror]')).toBeNull();
    expect(note.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(note.textContent).toContain('<script>alert(2)</script>');
    expect(note.querySelector('a')).toBeNull();
    expect(alert).not.toHaveBeenCalled();
  });

  it('keeps web and mail links, opening them safely, and drops any other scheme', () => {
    const note = draw(
      [
        '[MDN](https://developer.mozilla.org/) [mail](mailto:a@b.co)',
        '[bad](javascript:alert(1)) [data](data:text/html,hi) [local](/watch/x)',
        '![pic](https://i.ytimg.com/a.png) ![evil](javascript:alert(1))',
      ].join('\n'),
    );
    const links = [...note.querySelectorAll('a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://developer.mozilla.org/',
      'mailto:a@b.co',
      'https://i.ytimg.com/a.png',
    ]);
    for (const link of links) {
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(link.getAttribute('target')).toBe('_blank');
    }
    expect(note.textContent).toContain('bad');
    expect(note.textContent).toContain('evil');
    expect(note.querySelector('img')).toBeNull();
  });

  it('starts headings below the panel heading', () => {
    const note = draw('# Title\n\n## Part');
    expect(note.querySelector('h1, h2')).toBeNull();
    expect(note.querySelector('h3')?.textContent).toBe('Title');
    expect(note.querySelector('h4')?.textContent).toBe('Part');
  });
});

describe('fenced code', () => {
  it('is highlighted in a monospace block with its language', async () => {
    const note = draw('```ts\nconst total: number = 1; // one\n```');
    const code = note.querySelector('pre code');
    expect(code?.textContent).toBe('const total: number = 1; // one');
    // The highlighter arrives as a chunk of its own; until then the code shows plain.
    await waitFor(() => expect(code?.className).toBe('hljs language-ts'));
    expect(code?.textContent).toBe('const total: number = 1; // one');
    expect(code?.querySelector('.hljs-keyword')?.textContent).toBe('const');
    expect(code?.querySelector('.hljs-comment')?.textContent).toBe('// one');
    expect(screen.getByText('ts')).toBeTruthy();
  });

  it('keeps HTML inside code as text', async () => {
    const note = draw('```html\n<img src=x onerror="alert(1)">\n```');
    await waitFor(() => expect(note.querySelector('pre .hljs-tag')).not.toBeNull());
    expect(note.querySelector('img')).toBeNull();
    expect(note.querySelector('pre code')?.textContent).toBe('<img src=x onerror="alert(1)">');
  });

  it('is shown plain when the language is unknown or missing', async () => {
    const note = draw('```cobol\nDISPLAY 1:02:10\n```\n\n```\nplain\n```\n\n```css\na {}\n```');
    const blocks = [...note.querySelectorAll('pre code')];
    expect(blocks).toHaveLength(3);
    await waitFor(() => expect(blocks[2]?.querySelector('span')).not.toBeNull());
    expect(blocks[0]?.querySelector('span, a')).toBeNull();
    expect(blocks[1]?.querySelector('span, a')).toBeNull();
  });

  it('copies its code with a keyboard-reachable button and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    draw('```js\nconsole.log(1)\n```');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Copy code' }));
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('console.log(1)');
    expect(within(screen.getByRole('status')).getByText('Copied')).toBeTruthy();
  });

  it('says when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    draw('```js\nx\n```');
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    await act(async () => {});
    expect(screen.getByRole('status').textContent).toBe('Copy failed');
  });
});

describe('moments typed in a note', () => {
  it('become links that seek the player, outside code only', async () => {
    const user = userEvent.setup();
    const onSeek = vi.fn(() => true);
    const note = draw(
      'Loops at 1:02:10, recap 0:45.\n\n`0:30` in code\n\n```\nat 0:20\n```\n\n[see 0:10](https://example.com)',
      onSeek,
    );
    const moments = [...note.querySelectorAll('a[title^="Play from"]')];
    expect(moments.map((link) => link.textContent)).toEqual(['1:02:10', '0:45']);
    expect(moments[0]?.getAttribute('href')).toBe(`https://youtu.be/${videoId}?t=3730`);
    await user.click(screen.getByRole('link', { name: '1:02:10' }));
    expect(onSeek).toHaveBeenCalledWith(3730);
    await user.click(screen.getByRole('link', { name: '0:45' }));
    expect(onSeek).toHaveBeenLastCalledWith(45);
  });

  it('leave the link to YouTube when there is no player', () => {
    draw('At 2:05', () => false);
    const link = screen.getByRole('link', { name: '2:05' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });

  it('are never made from a typed <time> element', () => {
    const note = draw('<time data-seconds="5">0:05</time>');
    expect(note.querySelector('time')).toBeNull();
  });
});
