import { useDealWithTextReply } from '../../lib/text-reply-api';
import { notifyApiError, useNotify } from '../notifications/use-notify';

/** "Mark dealt with" for a reply to a text (a request to cancel once the patient is called, or words read). */
export function ReplyDealtWithButton({ replyId, label }: { replyId: number; label: string }) {
  const dealWith = useDealWithTextReply();
  const notify = useNotify();
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      aria-label={label}
      disabled={dealWith.isPending}
      onClick={() =>
        dealWith.mutate(replyId, {
          onSuccess: (answer) => notify.success(answer.message),
          onError: (error) => notifyApiError(notify, error),
        })
      }
    >
      Mark dealt with
    </button>
  );
}
