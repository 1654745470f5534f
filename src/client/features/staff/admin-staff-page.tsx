import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { getMe } from '../../../shared/api/auth-endpoints';
import { NAME_LENGTHS } from '../../../shared/name-lengths';
import { type InviteStaffRequest, inviteStaffRequestSchema, type StaffMember } from '../../../shared/staff';
import { type StaffRole, staffRoleLabels, staffRoles } from '../../../shared/staff-roles';
import { texts } from '../../../shared/validation-texts';
import { ConfirmDialog } from '../../components/confirm-dialog/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { useTableParams } from '../../components/data-table/use-table-params';
import { TextField } from '../../components/form-field/text-field';
import { notifyApiError, useNotify } from '../../components/notifications/use-notify';
import { StateBadge } from '../../components/state-badge/state-badge';
import { ApiError } from '../../lib/api-client';
import { applyServerErrors } from '../../lib/apply-server-errors';
import { formatAdminDateTime } from '../../lib/clinic-clock';
import { useEndpointQuery } from '../../lib/endpoint-query';
import type { RouteHandle } from '../../lib/route-handle';
import { useInviteStaff, useResendInvitation, useStaffList, useUpdateStaff } from './staff-admin-api';
import './staff.css';

export const handle: RouteHandle = {
  head: () => ({
    title: 'Staff – Back office',
    description: 'Staff accounts: who may sign in to the back office, and with which role.',
    noindex: true,
  }),
};

const nameOf = (member: StaffMember) => member.name ?? member.email;

const inviteFields = ['name', 'email', 'role'] as const;

/** The invite form: name, e-mail and role; the person gets a link to choose their password. */
function InviteForm() {
  const invite = useInviteStaff();
  const notify = useNotify();
  const roleId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<InviteStaffRequest>({
    resolver: zodResolver(inviteStaffRequestSchema),
    defaultValues: { name: '', email: '', role: 'reception' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const { staff_member } = await invite.mutateAsync(values);
      notify.success(`Invitation sent to ${staff_member.email}. The link works for 72 hours.`);
      reset();
    } catch (error) {
      if (!applyServerErrors(error, setError, (name) => (inviteFields as readonly string[]).includes(name)))
        notifyApiError(notify, error);
    }
  });

  return (
    <form
      className="admin-form staff-invite"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="staff-invite-title"
    >
      <h2 id="staff-invite-title" className="staff-invite__title">
        Invite a staff member
      </h2>
      <div className="admin-form__row">
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={NAME_LENGTHS.full.max * 2}
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          autoComplete="off"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <div className="field">
          <label className="field__label" htmlFor={roleId}>
            Role
          </label>
          <select id={roleId} className="field__input" {...register('role')}>
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {staffRoleLabels[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="admin-form__actions">
        <button type="submit" className="button button--primary" disabled={invite.isPending}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </button>
        <p className="staff-invite__note">They get an e-mail with a link to choose their password.</p>
      </div>
    </form>
  );
}

/** A refusal of a change to a row, as its dialog says it (the last administrator, a lost connection). */
const refusalText = (error: unknown) => (error instanceof ApiError ? error.message : texts.defaultError);

/**
 * What a new role means for the person, for the role change's dialog: for oneself leaving the administrators, that
 * the staff accounts, settings and Activity go at once.
 */
function roleChangeMessage(member: StaffMember, to: StaffRole, isMe: boolean): string {
  const from = staffRoleLabels[member.role];
  const becomes = staffRoleLabels[to];
  if (isMe && member.role === 'administrator')
    return `You go from ${from} to ${becomes}. You will lose access to Staff, Settings and Activity at once, this page too, and only another administrator can give it back.`;
  if (isMe) return `You go from ${from} to ${becomes}. The menu changes to what a ${becomes} may use.`;
  return `${nameOf(member)} goes from ${from} to ${becomes}. From their next click, wherever they are signed in, they can use what a ${becomes} may use, and no more.`;
}

/**
 * A row's role: picking another in the select saves nothing but asks first, naming the person, the old and the new
 * role (a key pressed on the select cannot change it); a refusal (the last administrator) stays in the dialog. The
 * select is never disabled, and the dialog gives the focus back to it.
 */
function RoleCell({ member, isMe }: { member: StaffMember; isMe: boolean }) {
  const update = useUpdateStaff();
  const notify = useNotify();
  const id = useId();
  const [picked, setPicked] = useState<StaffRole>();
  const [refusal, setRefusal] = useState<string>();
  const close = () => {
    setPicked(undefined);
    setRefusal(undefined);
  };
  const losesAccess = isMe && member.role === 'administrator';
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        Role of {nameOf(member)}
      </label>
      <select
        id={id}
        className="field__input staff__role"
        value={picked ?? member.role}
        aria-disabled={update.isPending || undefined}
        onChange={(event) => {
          const role = event.target.value as StaffRole;
          if (update.isPending || role === member.role) return;
          setRefusal(undefined);
          setPicked(role);
        }}
      >
        {staffRoles.map((role) => (
          <option key={role} value={role}>
            {staffRoleLabels[role]}
          </option>
        ))}
      </select>
      <ConfirmDialog
        open={picked !== undefined}
        title={
          isMe
            ? `Change your own role to ${staffRoleLabels[picked ?? member.role]}?`
            : `Change ${nameOf(member)}’s role to ${staffRoleLabels[picked ?? member.role]}?`
        }
        message={picked ? roleChangeMessage(member, picked, isMe) : ''}
        confirmLabel="Change role"
        confirmTone={losesAccess ? 'danger' : 'primary'}
        cancelLabel={`Keep ${staffRoleLabels[member.role]}`}
        busy={update.isPending}
        error={refusal}
        onConfirm={async () => {
          if (!picked) return;
          setRefusal(undefined);
          try {
            // Awaited rather than a callback of `mutate`: one's own demotion takes this page away (the menu
            // follows the new role) before a callback would run, and the notice must still be said.
            await update.mutateAsync({ id: member.id, role: picked });
          } catch (error) {
            setRefusal(refusalText(error));
            return;
          }
          notify.success(
            isMe
              ? `You are now ${staffRoleLabels[picked]}.`
              : `${nameOf(member)} is now ${staffRoleLabels[picked]}.`,
          );
          close();
        }}
        onCancel={close}
      />
    </>
  );
}

function SignInCell({ member }: { member: StaffMember }) {
  if (member.invitation?.status === 'pending')
    return (
      <span className="staff__muted">
        Invited; link works until {formatAdminDateTime(member.invitation.expires_at)}
      </span>
    );
  if (member.invitation?.status === 'expired')
    return <span className="staff__muted">Invitation expired</span>;
  if (!member.last_sign_in_at) return <span className="staff__muted">Never</span>;
  return <time dateTime={member.last_sign_in_at}>{formatAdminDateTime(member.last_sign_in_at)}</time>;
}

function columns(myId: number | undefined): DataTableColumn<StaffMember>[] {
  return [
    {
      header: 'Name',
      className: 'staff__name',
      cell: (member) => (
        <>
          <span className="staff__name-text">
            {nameOf(member)}
            {member.id === myId && <span className="staff__muted"> (you)</span>}
          </span>
          {member.name && <span className="staff__email">{member.email}</span>}
        </>
      ),
    },
    {
      header: 'Role',
      className: 'staff__role-cell',
      cell: (member) => <RoleCell member={member} isMe={member.id === myId} />,
    },
    {
      header: 'Two-step sign-in',
      cell: (member) =>
        member.second_factor ? (
          <StateBadge tone="done">On</StateBadge>
        ) : (
          <StateBadge tone="waiting">Off</StateBadge>
        ),
    },
    { header: 'Last sign-in', className: 'staff__when', cell: (member) => <SignInCell member={member} /> },
    {
      header: 'Account',
      cell: (member) =>
        member.disabled ? (
          <StateBadge tone="ended">Disabled</StateBadge>
        ) : (
          <StateBadge tone="active">Enabled</StateBadge>
        ),
    },
  ];
}

/**
 * /admin/staff (administrators): the staff accounts with their role, second factor, last sign-in and state;
 * invite someone, change a role, disable an account (its sessions end at once) or enable it again, or send an
 * invitation link again. Each change asks first, and a refusal (the server keeps the last administrator) is said in
 * its dialog, where the person is looking.
 */
export function Component() {
  const params = useTableParams();
  const list = useStaffList(params);
  const me = useEndpointQuery(getMe);
  const update = useUpdateStaff();
  const resend = useResendInvitation();
  const notify = useNotify();

  return (
    <>
      <div className="admin-page__header">
        <h1 className="admin-page__title">Staff</h1>
      </div>
      <p className="staff__intro">
        Everyone who signs in to the back office, and what their role lets them do. A disabled account is
        signed out everywhere at once and cannot sign in until it is enabled again.
      </p>
      <InviteForm />
      <h2 className="staff__list-title">Staff accounts</h2>
      <div className="staff-list">
        <DataTable<StaffMember>
          label="Staff accounts"
          params={params}
          columns={columns(me.data?.admin_user.id)}
          rows={list.data?.staff}
          rowKey={(member) => member.id}
          rowLabel={nameOf}
          pages={list.data?.pages}
          count={list.data?.count}
          isLoading={list.isPending || list.isPlaceholderData}
          error={list.isError ? `The staff accounts could not be loaded. ${list.error.message}` : undefined}
          searchLabel="Search by name or e-mail"
          rowActions={[
            {
              label: 'Send invitation again',
              isShown: (member) => member.invitation !== null && !member.disabled,
              confirm: {
                title: (member) => `Send ${nameOf(member)} a new invitation?`,
                message: (member) =>
                  `A new link goes to ${member.email}; the link sent before stops working.`,
                confirmLabel: 'Send again',
              },
              run: async (member) => {
                await resend.mutateAsync(member.id);
                notify.success(`A new invitation was sent to ${member.email}.`);
              },
              refusalOf: refusalText,
            },
            {
              label: 'Disable',
              tone: 'danger',
              isShown: (member) => !member.disabled,
              confirm: {
                title: (member) =>
                  member.id === me.data?.admin_user.id
                    ? 'Disable your own account?'
                    : `Disable ${nameOf(member)}?`,
                message: (member) =>
                  member.id === me.data?.admin_user.id
                    ? 'You are signed out everywhere at once, this browser too, and cannot sign in until another administrator enables the account again.'
                    : 'They are signed out everywhere at once and cannot sign in until the account is enabled again.',
                confirmLabel: 'Disable account',
              },
              run: async (member) => {
                await update.mutateAsync({ id: member.id, disabled: true });
                notify.success(`${nameOf(member)}'s account is disabled.`);
              },
              refusalOf: refusalText,
            },
            {
              label: 'Enable',
              isShown: (member) => member.disabled,
              confirm: {
                title: (member) => `Enable ${nameOf(member)}?`,
                message: 'They can sign in again with their password.',
                confirmLabel: 'Enable account',
              },
              run: async (member) => {
                await update.mutateAsync({ id: member.id, disabled: false });
                notify.success(`${nameOf(member)}'s account is enabled.`);
              },
              refusalOf: refusalText,
            },
          ]}
          emptyState={<p>No staff accounts yet.</p>}
        />
      </div>
    </>
  );
}
