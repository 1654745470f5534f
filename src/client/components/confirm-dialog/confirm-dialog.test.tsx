import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';

describe('ConfirmDialog (server render)', () => {
  it('is a closed native dialog named by its title and described by its message', () => {
    const html = renderToString(
      <ConfirmDialog
        open
        title="Delete this FAQ?"
        message="This cannot be undone."
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const [, titleId, messageId] =
      html.match(/<dialog class="confirm-dialog" aria-labelledby="([^"]+)" aria-describedby="([^"]+)">/) ??
      [];
    expect(titleId).toBeTruthy();
    expect(html).toContain(`<h2 id="${titleId}" class="confirm-dialog__title">Delete this FAQ?</h2>`);
    expect(html).toContain(
      `<div id="${messageId}" class="confirm-dialog__message">This cannot be undone.</div>`,
    );
    // Opened by showModal() in the browser, never by the open attribute (which would not be modal).
    expect(html).not.toMatch(/<dialog[^>]* open/);
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain('>Delete</button>');
  });

  it('marks the confirm button busy and disabled while busy', () => {
    const html = renderToString(
      <ConfirmDialog
        open
        busy
        title="Remove?"
        message="Sure?"
        confirmLabel="Remove"
        cancelLabel="Keep"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(html).toMatch(
      /class="button button--danger confirm-dialog__confirm" aria-disabled="true" aria-busy="true"/,
    );
    expect(html).toContain('Remove</button>');
    expect(html).toContain('>Keep</button>');
  });

  it('gives the confirm button the primary look for an action that removes nothing', () => {
    const html = renderToString(
      <ConfirmDialog
        open
        title="Export?"
        message="A zip is downloaded."
        confirmLabel="Download"
        confirmTone="primary"
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(html).toContain('class="button button--primary confirm-dialog__confirm"');
    expect(html).not.toContain('button--danger');
  });
});
