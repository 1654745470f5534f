import type { AdminTeamMember, TeamMemberRequest } from '../../../shared/team';
import type { Db } from '../../db/database';
import { notFound } from '../../domain-errors';
import { type Actor, auditChange } from '../audit/audit-log';
import { deleteFiles, storeUpload } from '../uploads/file-repository';
import { prepareUpload } from '../uploads/upload-checks';
import {
  deleteTeamMember,
  findAdminTeamMember,
  findTeamMemberRow,
  insertTeamMember,
  type TeamMemberRow,
  type TeamMemberValues,
  updateTeamMember,
} from './team-repository';

const ENTITY = 'team_member';

function rowValues(values: TeamMemberRequest, logoFileId: string | null): TeamMemberValues {
  return {
    fullName: values.full_name,
    userType: values.user_type,
    description: values.description,
    order: values.order,
    logoFileId,
    ...(values.medical_council_number === undefined
      ? {}
      : { medicalCouncilNumber: values.medical_council_number }),
    ...(values.video_link === undefined ? {} : { videoLink: values.video_link }),
  };
}

async function answer(db: Db, id: number): Promise<AdminTeamMember> {
  const member = await findAdminTeamMember(db, id);
  if (!member) throw notFound('Team member not found');
  return member;
}

/** Adds a member: the photo (checked, cleaned, resized first), the row and its audit entry in one transaction. */
export async function createTeamMember(
  db: Db,
  actor: Actor,
  values: TeamMemberRequest,
): Promise<AdminTeamMember> {
  const logo = values.logo ? await prepareUpload(values.logo, 'image', 'logo') : undefined;
  return db.transaction(async (tx) => {
    const logoFileId = logo ? await storeUpload(tx, logo, 'public') : null;
    const row = await insertTeamMember(tx, rowValues(values, logoFileId));
    await auditChange(tx, actor, 'create', ENTITY, row.id, {
      fields: [
        'full_name',
        'user_type',
        'description',
        'order',
        ...(logo ? ['logo'] : []),
        ...(values.medical_council_number ? ['medical_council_number'] : []),
        ...(values.video_link ? ['video_link'] : []),
      ],
    });
    return answer(tx, row.id);
  });
}

function changedFields(before: TeamMemberRow, after: TeamMemberRow): string[] {
  const fields: [string, unknown, unknown][] = [
    ['full_name', before.fullName, after.fullName],
    ['user_type', before.userType, after.userType],
    ['description', before.description, after.description],
    ['order', before.order, after.order],
    ['logo', before.logoFileId, after.logoFileId],
    ['medical_council_number', before.medicalCouncilNumber, after.medicalCouncilNumber],
    ['video_link', before.videoLink, after.videoLink],
  ];
  return fields.filter(([, old, now]) => old !== now).map(([name]) => name);
}

/**
 * Changes a member. A photo left out is kept, `remove_logo` removes it; a replaced or removed photo is
 * deleted in the same transaction.
 */
export async function changeTeamMember(
  db: Db,
  actor: Actor,
  id: number,
  values: TeamMemberRequest,
): Promise<AdminTeamMember> {
  const logo = values.logo ? await prepareUpload(values.logo, 'image', 'logo') : undefined;
  return db.transaction(async (tx) => {
    const before = await findTeamMemberRow(tx, id);
    if (!before) throw notFound('Team member not found');
    const logoFileId = logo
      ? await storeUpload(tx, logo, 'public')
      : values.remove_logo
        ? null
        : before.logoFileId;
    const after = await updateTeamMember(tx, id, rowValues(values, logoFileId));
    if (!after) throw notFound('Team member not found');
    if (before.logoFileId !== after.logoFileId) await deleteFiles(tx, [before.logoFileId]);
    await auditChange(tx, actor, 'update', ENTITY, id, { fields: changedFields(before, after) });
    return answer(tx, id);
  });
}

/** Deletes a member, their photo and its variants. */
export async function removeTeamMember(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await deleteTeamMember(tx, id);
    if (!row) throw notFound('Team member not found');
    await deleteFiles(tx, [row.logoFileId]);
    await auditChange(tx, actor, 'delete', ENTITY, id, { full_name: row.fullName });
  });
}
