import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageCount } from '../../../shared/pagination';
import {
  type AdminTeamMember,
  type AdminTeamMemberResponse,
  adminTeamMembersQuerySchema,
  recordIdSchema,
  type TeamMemberRequest,
  type TeamMembersResponse,
  teamMemberRequestSchema,
} from '../../../shared/team';
import type { Db } from '../../db/database';
import { HttpError, notFound } from '../../http/http-errors';
import { type FormLimits, readForm } from '../../http/multipart-form';
import { validate } from '../../http/validation';
import { auditAdminChange } from '../audit/audit-log';
import { deleteFiles, fileInfos, storeImage } from '../uploads/file-repository';
import { type CheckedUpload, checkUpload } from '../uploads/upload-checks';
import {
  deleteTeamMember,
  findTeamMemberRow,
  insertTeamMember,
  listTeamMembers,
  type TeamMemberValues,
  toTeamMember,
  updateTeamMember,
} from './team-repository';

const ENTITY = 'team_member';

/** One photo, and names and a description of a few thousand characters. */
const TEAM_FORM_LIMITS: FormLimits = { files: 1, fields: 10, fieldSize: 32 * 1024 };

function memberId(request: FastifyRequest): number {
  const params = recordIdSchema.safeParse(request.params);
  if (!params.success) throw notFound('Team member');
  return params.data.id;
}

async function withLogo(db: Db, row: Parameters<typeof toTeamMember>[0]): Promise<AdminTeamMember> {
  const logo = row.logoFileId ? (await fileInfos(db, [row.logoFileId])).get(row.logoFileId) : undefined;
  return { ...toTeamMember(row), logo: logo ? { url: logo.url, name: logo.name } : null };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The form of a create or update: flat fields (`full_name`, …, file `logo`) as the spec sends them,
 * or the same wrapped as `team_member[…]`. The photo is checked from its bytes before anything is stored.
 */
async function readTeamMemberForm(
  request: FastifyRequest,
): Promise<{ values: TeamMemberRequest; logo?: CheckedUpload }> {
  const { fields, files } = await readForm(request, TEAM_FORM_LIMITS);
  const wrapped = Object.keys(fields).length === 1 && isRecord(fields.team_member);
  const logoField = wrapped ? 'team_member[logo]' : 'logo';
  for (const name of files.keys()) {
    if (name !== logoField)
      throw new HttpError(422, `Unknown field: ${name}`, { [name]: ['Unknown field.'] });
  }
  const values = validate(teamMemberRequestSchema, wrapped ? fields.team_member : fields);
  const file = files.get(logoField);
  return { values, logo: file ? await checkUpload(file, 'image', 'logo') : undefined };
}

function rowValues(values: TeamMemberRequest, logoFileId: string | null): TeamMemberValues {
  return {
    fullName: values.full_name,
    userType: values.user_type,
    description: values.description,
    order: values.order,
    logoFileId,
  };
}

/** Stores the photo, runs `save`, and deletes the new photo again if saving fails. */
async function withStoredLogo<T>(
  db: Db,
  logo: CheckedUpload | undefined,
  save: (logoFileId: string | undefined) => Promise<T>,
): Promise<T> {
  const logoFileId = logo ? await storeImage(db, logo, 'logo', 'public') : undefined;
  try {
    return await save(logoFileId);
  } catch (error) {
    await deleteFiles(db, [logoFileId]);
    throw error;
  }
}

/** Back-office calls: /api/admin/team_members (spec section 7). Registered under the guarded /api/admin scope. */
export async function teamAdminRoutes(admin: FastifyInstance): Promise<void> {
  const db = admin.db;

  admin.get('/team_members', async (request): Promise<TeamMembersResponse> => {
    const query = validate(adminTeamMembersQuerySchema, request.query);
    const { items, count } = await listTeamMembers(db, query.page, query.per_page, query.search);
    return { team_members: items, pages: pageCount(count, query.per_page), count };
  });

  admin.get('/team_members/:id', async (request): Promise<AdminTeamMemberResponse> => {
    const row = await findTeamMemberRow(db, memberId(request));
    if (!row) throw notFound('Team member');
    return { team_member: await withLogo(db, row) };
  });

  admin.post('/team_members', async (request, reply): Promise<AdminTeamMemberResponse> => {
    const { values, logo } = await readTeamMemberForm(request);
    const row = await withStoredLogo(db, logo, (logoFileId) =>
      insertTeamMember(db, rowValues(values, logoFileId ?? null)),
    );
    await auditAdminChange(request, 'create', ENTITY, row.id, {
      fields: ['full_name', 'user_type', 'description', 'order', ...(logo ? ['logo'] : [])],
    });
    reply.code(201);
    return { team_member: await withLogo(db, row) };
  });

  admin.put('/team_members/:id', async (request): Promise<AdminTeamMemberResponse> => {
    const id = memberId(request);
    const before = await findTeamMemberRow(db, id);
    if (!before) throw notFound('Team member');
    const { values, logo } = await readTeamMemberForm(request);
    const keptLogo = values.remove_logo ? null : before.logoFileId;
    const row = await withStoredLogo(db, logo, async (logoFileId) => {
      const updated = await updateTeamMember(db, id, rowValues(values, logoFileId ?? keptLogo));
      if (!updated) throw notFound('Team member');
      return updated;
    });
    if (before.logoFileId && before.logoFileId !== row.logoFileId) await deleteFiles(db, [before.logoFileId]);
    const changed = [
      before.fullName !== row.fullName && 'full_name',
      before.userType !== row.userType && 'user_type',
      before.description !== row.description && 'description',
      before.order !== row.order && 'order',
      before.logoFileId !== row.logoFileId && 'logo',
    ].filter(Boolean);
    await auditAdminChange(request, 'update', ENTITY, id, { fields: changed });
    return { team_member: await withLogo(db, row) };
  });

  admin.delete('/team_members/:id', async (request, reply) => {
    const id = memberId(request);
    const row = await deleteTeamMember(db, id);
    if (!row) throw notFound('Team member');
    await deleteFiles(db, [row.logoFileId]);
    await auditAdminChange(request, 'delete', ENTITY, id, { full_name: row.fullName });
    return reply.code(204).send();
  });
}
