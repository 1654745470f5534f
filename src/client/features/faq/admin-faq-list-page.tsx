import { Link } from 'react-router';
import { answerPreview, type FaQuestion } from '../../../shared/faq';
import { texts } from '../../../shared/validation-texts';
import { DataTable } from '../../components/data-table/data-table';
import { useTableParams } from '../../components/data-table/use-table-params';
import type { RouteHandle } from '../../lib/route-handle';
import { useAdminFaQuestions, useDeleteFaQuestion } from './faq-admin-api';
import './faq-admin.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'FAQ',
    description: 'The questions and answers shown on the website.',
    noindex: true,
  }),
};

/** /admin/faq: the questions (spec 2.6: Title, Answer cut to 50 characters), with search, paging, edit and delete. */
export function Component() {
  const params = useTableParams();
  const list = useAdminFaQuestions(params);
  const remove = useDeleteFaQuestion({ notice: texts.notices.faqDeleted });

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">FAQ</h1>
      </div>
      <DataTable<FaQuestion>
        label="Frequently asked questions"
        params={params}
        rows={list.data?.fa_questions}
        pages={list.data?.pages}
        count={list.data?.count}
        isLoading={list.isPending || list.isPlaceholderData}
        error={list.isError ? 'The questions could not be loaded.' : undefined}
        columns={[
          { header: 'Title', cell: (question) => question.title, className: 'faq-admin__title' },
          { header: 'Answer', cell: (question) => answerPreview(question), className: 'faq-admin__answer' },
        ]}
        rowKey={(question) => question.id}
        rowLabel={(question) => question.title}
        searchLabel="Search by title"
        editHref={(question) => `/admin/faq/edit/${question.id}`}
        onDelete={remove}
        deleteDialog={{
          title: 'Delete this FAQ?',
          message: (question) => (
            <>“{question.title}” will be removed from the website. This cannot be undone.</>
          ),
        }}
        toolbar={
          <Link className="button button--primary" to="/admin/faq/add">
            Add FAQ
          </Link>
        }
        emptyState={
          <>
            <p>No questions yet.</p>
            <Link className="button button--primary" to="/admin/faq/add">
              Add FAQ
            </Link>
          </>
        }
      />
    </>
  );
}
