import { Controller } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { type AdminTeamMember, TEAM_MEMBER_LIMITS, teamMemberFormSchema } from '../../../shared/team';
import { uploadRules } from '../../../shared/uploads';
import { texts } from '../../../shared/validation-texts';
import { VIDEO_LINK_MAX } from '../../../shared/way-out';
import { AdminFormHeader } from '../../components/admin-page/admin-form-header';
import { AdminRecordPage } from '../../components/admin-page/admin-record-page';
import { useAdminForm } from '../../components/admin-page/use-admin-form';
import { FileField, type FileFieldValue } from '../../components/file-field/file-field';
import { TextAreaField } from '../../components/form-field/text-area-field';
import { TextField } from '../../components/form-field/text-field';
import type { RouteHandle } from '../../lib/route-handle';
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
const BACK_LABEL = 'Back to the team';

/** The shared schema (the API checks with it too), plus the photo. */
const formSchema = teamMemberFormSchema.extend({ logo: z.custom<FileFieldValue>() });

/** /admin/team/add and /admin/team/edit/{id}. */
export function Component() {
  const id = useParams().id;
  return id ? <EditTeamMember id={id} /> : <TeamMemberForm />;
}

function EditTeamMember({ id }: { id: string }) {
  const record = useAdminTeamMember(id);
  return (
    <AdminRecordPage
      record={record}
      what="team member"
      title="Edit team member"
      backTo={LIST_PATH}
      backLabel={BACK_LABEL}
    >
      {({ team_member }) => <TeamMemberForm key={id} member={team_member} />}
    </AdminRecordPage>
  );
}

function TeamMemberForm({ member }: { member?: AdminTeamMember }) {
  const save = useSaveTeamMember(member ? String(member.id) : undefined);
  const {
    register,
    control,
    onSubmit,
    formState: { errors, isSubmitting },
  } = useAdminForm({
    schema: formSchema,
    defaultValues: {
      full_name: member?.full_name ?? '',
      user_type: member?.user_type ?? '',
      description: member?.description ?? '',
      order: member ? String(member.order) : '',
      medical_council_number: member?.medical_council_number ?? '',
      video_link: member?.video_link ?? '',
      logo: member?.logo ? { kind: 'stored', ...member.logo } : { kind: 'none' },
    },
    save,
    toBody: ({ logo, ...values }) => ({ values, logo }),
    notice: member ? texts.notices.teamMemberUpdated : texts.notices.teamMemberCreated,
    listPath: LIST_PATH,
  });

  return (
    <>
      <AdminFormHeader
        title={member ? 'Edit team member' : 'Add team member'}
        backTo={LIST_PATH}
        backLabel={BACK_LABEL}
      />
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
        <TextField
          className="team-form__order"
          label="Medical Council number (optional)"
          hint="A consultant’s Irish Medical Council registration number, 1 to 6 digits: receipts print it."
          autoComplete="off"
          inputMode="numeric"
          maxLength={6}
          error={errors.medical_council_number?.message}
          {...register('medical_council_number')}
        />
        <TextField
          label="Standing video link (optional)"
          hint="A consultant’s own video consultation room (https://…): their video appointments without a link of their own use it. Patients see it from 24 hours before."
          autoComplete="off"
          type="url"
          inputMode="url"
          maxLength={VIDEO_LINK_MAX}
          error={errors.video_link?.message}
          {...register('video_link')}
        />
        <Controller
          control={control}
          name="logo"
          render={({ field, fieldState }) => (
            <FileField
              label="Photo"
              hint="A .jpg, .jpeg or .png image."
              accept=".jpg,.jpeg,.png"
              allowedExtensions={uploadRules.image.extensions}
              maxNameLength={27}
              value={field.value}
              onChange={field.onChange}
              ref={field.ref}
              error={fieldState.error?.message}
            />
          )}
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
