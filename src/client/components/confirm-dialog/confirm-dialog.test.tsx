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

  it("puts an action's fields under the message, outside its description, and the server's refusal as an alert", () => {
    const html = renderToString(
      <ConfirmDialog
        open
        title="Decline this referral?"
        message="The patient will be e-mailed your reason."
        error="This referral has already been accepted."
        onConfirm={() => {}}
        onCancel={() => {}}
      >
        <label htmlFor="reason">Reason</label>
        <textarea id="reason" />
      </ConfirmDialog>,
    );
    const [, messageId] = html.match(/aria-describedby="([^"]+)"/) ?? [];
    expect(html).toContain('class="confirm-dialog confirm-dialog--with-fields"');
    expect(html).toContain(
      `<div id="${messageId}" class="confirm-dialog__message">The patient will be e-mailed your reason.</div><div class="confirm-dialog__fields"><label for="reason">Reason</label><textarea id="reason"></textarea></div>`,
    );
    expect(html).toContain(
      '<div class="admin-alert confirm-dialog__error" role="alert"><p>This referral has already been accepted.</p></div>',
    );
  });
});
