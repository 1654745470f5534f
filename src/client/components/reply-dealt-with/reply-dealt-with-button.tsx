import { useDealWithTextReply } from '../../lib/text-reply-api';
import { notifyApiError, useNotify } from '../notifications/use-notify';

/**
 * "Mark dealt with" for a reply to a text (a request to cancel once the patient is called, or words read); `which`
 * names the reply for a screen reader ("the reply from …"), after the words the button shows.
 */
export function ReplyDealtWithButton({ replyId, which }: { replyId: number; which: string }) {
  const dealWith = useDealWithTextReply();
  const notify = useNotify();
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      aria-label={`Mark dealt with: ${which}`}
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
