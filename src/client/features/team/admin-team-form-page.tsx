import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import {
  type AdminTeamMember,
  TEAM_MEMBER_LIMITS,
  type TeamMemberFormInput,
  type TeamMemberFormValues,
  teamMemberFormSchema,
} from '../../../shared/team';
import { uploadRules } from '../../../shared/uploads';
import { texts } from '../../../shared/validation-texts';
import type { RouteHandle } from '../../app/route-handle';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { RecordLoadState } from '../../components/admin-page/record-load-state';
import { FileField, type FileFieldValue } from '../../components/file-field/file-field';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { useAdminTeamMember, useSaveTeamMember } from './team-admin-api';
import './team-admin.css';

export const handle: RouteHandle = {
  head: ({ params }) => ({
    title: params.id ? 'Edit team member' : 'Add team member',
    description: 'A team member shown on the website.',
    noindex: true,
  }),
};

const LIST_PATH = '/admin/team';
const TEXT_FIELDS = ['full_name', 'user_type', 'description', 'order'] as const;

/** /admin/team/add and /admin/team/edit/{id}. */
export function Component() {
  const id = useParams().id;
  return id ? <EditTeamMember id={id} /> : <TeamMemberForm />;
}

function EditTeamMember({ id }: { id: string }) {
  const member = useAdminTeamMember(id);
  if (member.data) return <TeamMemberForm key={id} member={member.data.team_member} />;
  return (
    <>
      <PageHeader title="Edit team member" />
      <RecordLoadState
        error={member.error}
        what="team member"
        backTo={LIST_PATH}
        backLabel="Back to the team"
      />
    </>
  );
}

function PageHeader({ title }: { title: string }) {
  return <AdminFormHeader title={title} backTo={LIST_PATH} backLabel="Back to the team" />;
}

function TeamMemberForm({ member }: { member?: AdminTeamMember }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const save = useSaveTeamMember(member ? String(member.id) : undefined);
  const [logo, setLogo] = useState<FileFieldValue>(
    member?.logo ? { kind: 'stored', ...member.logo } : { kind: 'none' },
  );
  const [logoError, setLogoError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TeamMemberFormInput, unknown, TeamMemberFormValues>({
    resolver: zodResolver(teamMemberFormSchema),
    defaultValues: {
      full_name: member?.full_name ?? '',
      user_type: member?.user_type ?? '',
      description: member?.description ?? '',
      order: member ? String(member.order) : '',
    },
    shouldFocusError: true,
  });

  const onSubmit = handleSubmit(async (values) => {
    setLogoError(undefined);
    try {
      await save.mutateAsync({ values, logo });
      notify.success(member ? texts.notices.teamMemberUpdated : texts.notices.teamMemberCreated);
      await navigate(LIST_PATH);
    } catch (error) {
      applyServerErrors(error, setError, (name) => TEXT_FIELDS.some((field) => field === name));
      const fileMessage = error instanceof ApiError ? error.body.errors?.logo?.[0] : undefined;
      if (fileMessage) setLogoError(fileMessage);
      notifyApiError(notify, error);
    }
  });

  return (
    <>
      <PageHeader title={member ? 'Edit team member' : 'Add team member'} />
      <form className="admin-form" noValidate onSubmit={onSubmit}>
        <TextField
          label="Full name"
          autoComplete="off"
          maxLength={TEAM_MEMBER_LIMITS.fullName}
          required
          error={errors.full_name?.message}
          {...register('full_name')}
        />
        <TextField
          label="User type"
          hint="The role shown under the name, e.g. Consultant Allergist."
          autoComplete="off"
          maxLength={TEAM_MEMBER_LIMITS.userType}
          required
          error={errors.user_type?.message}
          {...register('user_type')}
        />
        <TextAreaField
          label="Description"
          hint="Line breaks are kept on the website."
          rows={8}
          maxLength={TEAM_MEMBER_LIMITS.description}
          required
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          className="team-form__order"
          label="Order"
          hint="Members are listed from the lowest number."
          type="number"
          inputMode="numeric"
          min={0}
          max={TEAM_MEMBER_LIMITS.order}
          step={1}
          required
          error={errors.order?.message}
          {...register('order')}
        />
        <FileField
          label="Photo"
          hint="A .jpg, .jpeg or .png image."
          accept=".jpg,.jpeg,.png"
          allowedExtensions={uploadRules.image.extensions}
          maxNameLength={27}
          value={logo}
          onChange={(value) => {
            setLogo(value);
            setLogoError(undefined);
          }}
          error={logoError}
        />
        <div className="admin-form__actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : member ? 'Save changes' : 'Add team member'}
          </button>
          <Link className="admin-form__cancel" to={LIST_PATH}>
            Cancel
          </Link>
        </div>
      </form>
    </>
  );
}
