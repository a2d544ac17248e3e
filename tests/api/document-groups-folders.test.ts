import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../contract/permissions.js';
import { createRole, createUser, createUserGroup } from '../../server/db/factories.js';
import {
  createDocumentPackage,
  createFolder,
  grantFolder,
} from '../../server/modules/documentGroups/factories.js';
import { makePdf } from '../../server/uploads/testing/files.js';
import { createTenants, type TenantIds, type TenantTokens } from './support/tenants.js';
import { bearer, createTestApp, type TestApp } from './support/testApp.js';

const PASSWORD = 'Carpetas-2026';
/** A role that may edit groups but is no company administrator: folder rights decide for it. */
const ROLE_EDITOR = 931;

let t: TestApp;
let ids: TenantIds & { pablo: number; diana: number; juridica: number };
let tokens: TenantTokens & { pablo: string; diana: string };

type Folder = {
  id: number;
  parent_id: number | null;
  name: string;
  restricted: boolean;
  can_view: boolean;
  can_edit: boolean;
};
type Tree = { root_id: number; folders: Folder[] };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.deps.database.db;
  const tenants = await createTenants(t, { password: PASSWORD });
  await createRole(db, {
    id: ROLE_EDITOR,
    name: 'Editor de documentos',
    permissions: ['document_group.list', 'document.update', 'groups.list', 'configuration.list'],
  });
  const person = (name: string, roleId: number) =>
    createUser(db, {
      companyId: tenants.ids.andina,
      roleId,
      name,
      lastName: 'Prueba',
      email: `${name.toLowerCase()}@andina.test`,
      password: PASSWORD,
    });
  const pablo = await person('Pablo', ROLE.operator);
  const diana = await person('Diana', ROLE_EDITOR);
  ids = {
    ...tenants.ids,
    pablo,
    diana,
    juridica: await createUserGroup(db, {
      companyId: tenants.ids.andina,
      name: 'Jurídica',
      userIds: [pablo],
    }),
  };
  tokens = {
    ...tenants.tokens,
    pablo: await t.signin('pablo@andina.test', PASSWORD),
    diana: await t.signin('diana@andina.test', PASSWORD),
  };
});
afterAll(() => t.close());

const call = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url: `/api/${url}`, headers: bearer(token), payload });

async function tree(token: string, companyId = ids.andina): Promise<Tree> {
  const response = await call(token, 'GET', `get_package_tree/${companyId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const folderAction = (token: string, folderId: number, body: object) =>
  call(token, 'PATCH', `update_folder/${folderId}`, body);

describe('document group folders', () => {
  it('starts every company with a root folder and builds the tree under it', async () => {
    const first = await tree(tokens.elena);
    expect(first.folders).toEqual([
      expect.objectContaining({ id: first.root_id, parent_id: null, name: 'Documentos', can_edit: true }),
    ]);
    const created = await folderAction(tokens.elena, first.root_id, { action: 'create', name: 'Contratos' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().message).toBe('Carpeta creada');
    const contratos: Folder = created.json().data.folder;
    expect(contratos).toMatchObject({ parent_id: first.root_id, name: 'Contratos' });
    const laborales = (
      await folderAction(tokens.elena, contratos.id, { action: 'create', name: 'Laborales' })
    ).json().data.folder as Folder;
    const renamed = await folderAction(tokens.elena, laborales.id, {
      action: 'rename',
      name: 'Laborales 2026',
    });
    expect(renamed.json().data.folder.name).toBe('Laborales 2026');
    const names = (await tree(tokens.elena)).folders.map((folder) => folder.name);
    expect(names).toEqual(expect.arrayContaining(['Documentos', 'Contratos', 'Laborales 2026']));
  });

  it('never moves a folder into itself or its subtree, and refuses a repeated sibling name', async () => {
    const db = t.deps.database.db;
    const parent = await createFolder(db, { companyId: ids.andina, name: 'Comerciales' });
    const child = await createFolder(db, { companyId: ids.andina, name: 'Proveedores', parentId: parent });
    const grandchild = await createFolder(db, { companyId: ids.andina, name: 'Nacionales', parentId: child });
    for (const target of [parent, child, grandchild]) {
      const response = await folderAction(tokens.elena, parent, { action: 'move', parent_id: target });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().message).toBe(
        'Una carpeta no se puede mover dentro de sí misma ni de sus subcarpetas',
      );
    }
    const other = await createFolder(db, { companyId: ids.andina, name: 'Otros' });
    const moved = await folderAction(tokens.elena, grandchild, { action: 'move', parent_id: other });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.folder.parent_id).toBe(other);
    const clash = await folderAction(tokens.elena, parent, { action: 'create', name: 'proveedores' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('Ya existe una carpeta con este nombre en la misma carpeta');
  });

  it('deletes a folder only when it is empty (409 in Spanish otherwise) and never the root', async () => {
    const db = t.deps.database.db;
    const folder = await createFolder(db, { companyId: ids.andina, name: 'Temporal' });
    const sub = await createFolder(db, { companyId: ids.andina, name: 'Sub', parentId: folder });
    const withChild = await folderAction(tokens.elena, folder, { action: 'delete' });
    expect(withChild.statusCode).toBe(409);
    expect(withChild.json().message).toBe(
      'La carpeta no está vacía: mueva o elimine antes sus subcarpetas y grupos',
    );
    await createDocumentPackage(db, { companyId: ids.andina, folderId: sub, name: 'Pagaré' });
    expect((await folderAction(tokens.elena, sub, { action: 'delete' })).statusCode).toBe(409);
    const empty = await createFolder(db, { companyId: ids.andina, name: 'Vacía' });
    const deleted = await folderAction(tokens.elena, empty, { action: 'delete' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.folder).toBeNull();
    expect(deleted.json().data.tree.folders.map((each: Folder) => each.id)).not.toContain(empty);
    const { root_id } = await tree(tokens.elena);
    const root = await folderAction(tokens.elena, root_id, { action: 'delete' });
    expect(root.statusCode).toBe(422);
    expect(root.json().message).toBe('La carpeta raíz no se puede renombrar, mover ni eliminar');
  });

  it("hides another company's folders and refuses changes without document.update", async () => {
    const db = t.deps.database.db;
    const folder = await createFolder(db, { companyId: ids.andina, name: 'Privada Andina' });
    const caribe = await t.signin('carla@caribe.test', PASSWORD);
    expect((await call(caribe, 'GET', `get_package_tree/${ids.andina}`)).statusCode).toBe(404);
    expect((await folderAction(caribe, folder, { action: 'rename', name: 'x' })).statusCode).toBe(404);
    expect((await folderAction(tokens.oscar, folder, { action: 'rename', name: 'x' })).statusCode).toBe(403);
    // The parent company sees its branch's tree; the platform administrator sees every tree.
    expect((await tree(tokens.elena, ids.branch)).folders).toHaveLength(1);
    expect((await tree(tokens.admin, ids.caribe)).folders).toHaveLength(1);
  });
});

describe('folder permissions', () => {
  let restricted: number;
  let inside: number;
  let groupInside: number;

  beforeAll(async () => {
    const db = t.deps.database.db;
    restricted = await createFolder(db, { companyId: ids.andina, name: 'Gerencia' });
    inside = await createFolder(db, { companyId: ids.andina, name: 'Actas', parentId: restricted });
    groupInside = await createDocumentPackage(db, {
      companyId: ids.andina,
      folderId: inside,
      name: 'Acta de junta',
    });
  });

  it('saves view / send / edit for users and user groups, and shows them inherited below', async () => {
    const saved = await call(tokens.elena, 'POST', `folders/${restricted}/permissions`, {
      entries: [
        { user_group_id: ids.juridica, can_view: true, can_send: true },
        { user_id: ids.diana, can_view: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Permisos de la carpeta guardados');
    expect(saved.json().data.entries).toEqual([
      {
        user_id: null,
        user_group_id: ids.juridica,
        name: 'Jurídica',
        can_view: true,
        can_send: true,
        can_edit: false,
      },
      {
        user_id: ids.diana,
        user_group_id: null,
        name: 'Diana Prueba',
        can_view: true,
        can_send: false,
        can_edit: false,
      },
    ]);
    // The company administrator still sees everything, and which folders are restricted.
    const restrictedIds = (await tree(tokens.elena)).folders
      .filter((folder) => folder.restricted && folder.can_edit)
      .map((folder) => folder.id);
    expect(restrictedIds).toEqual(expect.arrayContaining([restricted, inside]));
    const below = await call(tokens.elena, 'GET', `folders/${inside}/permissions`);
    expect(below.json().data).toMatchObject({
      entries: [],
      inherited: [
        { user_group_id: ids.juridica, folder_id: restricted, folder_name: 'Gerencia' },
        { user_id: ids.diana, folder_id: restricted },
      ],
    });
  });

  it('refuses users and groups of another company with 422', async () => {
    const carlaGroup = await createUserGroup(t.deps.database.db, { companyId: ids.caribe, name: 'Ajena' });
    for (const entry of [{ user_id: ids.carla }, { user_group_id: carlaGroup }, { user_id: ids.bruno }]) {
      const response = await call(tokens.elena, 'POST', `folders/${restricted}/permissions`, {
        entries: [entry],
      });
      expect(response.statusCode, response.body).toBe(422);
    }
    const neither = await call(tokens.elena, 'POST', `folders/${restricted}/permissions`, { entries: [{}] });
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors).toEqual({ 'entries.0': 'Indique un usuario o un grupo de usuarios' });
  });

  it('lets a member of the permitted group see the folder, its subfolders and their groups', async () => {
    const visible = (await tree(tokens.pablo)).folders.filter((folder) => folder.can_view).map((f) => f.id);
    expect(visible).toEqual(expect.arrayContaining([restricted, inside]));
    const list = await call(tokens.pablo, 'GET', `documents_packages_list/${ids.andina}/1/100/${ids.pablo}`);
    expect(list.json().data.items.map((item: { id: number }) => item.id)).toContain(groupInside);
    const detail = await call(tokens.pablo, 'GET', `get_documents_packages_details_by_id/${groupInside}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({ folder_id: inside, can_send: true, can_edit: false });
  });

  it('hides the folder and its groups from a user outside the group: tree, list, detail and PDF', async () => {
    const folders = (await tree(tokens.oscar)).folders.map((folder) => folder.id);
    expect(folders).not.toContain(restricted);
    expect(folders).not.toContain(inside);
    const list = await call(tokens.oscar, 'GET', `documents_packages_list/${ids.andina}/1/100/${ids.oscar}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((item: { id: number }) => item.id)).not.toContain(groupInside);
    const inFolder = await call(
      tokens.oscar,
      'GET',
      `documents_packages_list/${ids.andina}/1/100/${ids.oscar}?folder_id=${restricted}`,
    );
    expect(inFolder.statusCode).toBe(404);
    for (const url of [
      `get_documents_packages_details_by_id/${groupInside}`,
      `get_package_pdf/${groupInside}`,
      `get_changes_packages/${groupInside}`,
      `get_document_package_features/${groupInside}`,
    ]) {
      const response = await call(tokens.oscar, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe('El registro solicitado no existe');
    }
    // The company administrator is not limited by folder permissions.
    const admin = await call(tokens.elena, 'GET', `get_documents_packages_details_by_id/${groupInside}`);
    expect(admin.statusCode).toBe(200);
  });

  it('lets edit rights decide for a role that may edit groups', async () => {
    const rename = () =>
      call(tokens.diana, 'PUT', `update_documents_packages/${groupInside}`, { name: 'Acta de asamblea' });
    const viewOnly = await rename();
    expect(viewOnly.statusCode).toBe(403);
    expect(viewOnly.json().message).toBe('No tiene permiso para editar los grupos de esta carpeta');
    await grantFolder(t.deps.database.db, { folderId: inside, userId: ids.diana, canEdit: true });
    const allowed = await rename();
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json().data).toMatchObject({ name: 'Acta de asamblea', can_edit: true, version: 2 });
  });
});

describe('document groups in folders', () => {
  it('creates a group from a PDF, adds another PDF, reorders and joins them in one PDF', async () => {
    const { root_id } = await tree(tokens.elena);
    const created = await call(tokens.elena, 'PUT', 'create_pdf_package', {
      company_id: ids.andina,
      folder_id: root_id,
      name: 'Vinculación de proveedor',
      filename: 'formulario.pdf',
      content_base64: (await makePdf(2)).toString('base64'),
    });
    expect(created.statusCode, created.body).toBe(200);
    const group = created.json().data;
    expect(group.documents).toEqual([
      expect.objectContaining({ kind: 'pdf', name: 'formulario.pdf', pdf_pages: 2 }),
    ]);
    const added = await call(tokens.elena, 'PUT', 'associate_pdf_to_group', {
      document_package_id: group.id,
      filename: 'anexo.pdf',
      content_base64: (await makePdf(3)).toString('base64'),
    });
    expect(added.statusCode, added.body).toBe(200);
    const [first, second] = added.json().data.documents;
    const reordered = await call(tokens.elena, 'POST', 'update_associate_templates_to_group', {
      document_package_id: group.id,
      document_ids: [second.id, first.id],
    });
    expect(reordered.json().data.documents.map((doc: { name: string }) => doc.name)).toEqual([
      'anexo.pdf',
      'formulario.pdf',
    ]);
    const pdf = await call(tokens.elena, 'GET', `get_package_pdf/${group.id}`);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json().data).toMatchObject({ filename: 'Vinculación de proveedor.pdf', page_count: 5 });
    expect(Buffer.from(pdf.json().data.pdf_base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const changes = await call(tokens.elena, 'GET', `get_changes_packages/${group.id}`);
    expect(changes.json().data.map((change: { action: string }) => change.action)).toEqual([
      'reordered',
      'pdf_added',
      'created',
    ]);
  });

  it('refuses a file that is not a PDF and an encrypted-looking one with Spanish messages', async () => {
    const { root_id } = await tree(tokens.elena);
    const notPdf = await call(tokens.elena, 'PUT', 'create_pdf_package', {
      company_id: ids.andina,
      folder_id: root_id,
      name: 'Texto',
      filename: 'nota.pdf',
      content_base64: Buffer.from('esto no es un PDF').toString('base64'),
    });
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().message).toMatch(/PDF/);
    const truncated = await call(tokens.elena, 'PUT', 'create_pdf_package', {
      company_id: ids.andina,
      folder_id: root_id,
      name: 'Roto',
      filename: 'roto.pdf',
      content_base64: (await makePdf(1)).subarray(0, 200).toString('base64'),
    });
    expect(truncated.statusCode).toBe(422);
  });

  it("refuses a signer authentication the company's features do not enable", async () => {
    const { root_id } = await tree(tokens.elena);
    const features = await call(tokens.elena, 'GET', `get_document_group_features/${ids.andina}`);
    expect(features.json().data.authentications).toEqual(
      expect.arrayContaining([
        { key: 'email_otp', label: 'Código OTP por correo', enabled: true },
        { key: 'sms_otp', label: 'Código OTP por SMS', enabled: false },
      ]),
    );
    const base = { company_id: ids.andina, folder_id: root_id, name: 'Pagaré con SMS' };
    const sms = await call(tokens.elena, 'POST', 'add_documents_package', {
      ...base,
      signer_roles: [{ number: 1, label: 'Deudor', authentication: ['sms_otp'] }],
    });
    expect(sms.statusCode).toBe(422);
    expect(sms.json().message).toBe('La empresa no tiene habilitado el método «Código OTP por SMS»');
    const email = await call(tokens.elena, 'POST', 'add_documents_package', {
      ...base,
      expiry_days: 15,
      reminder_days: 3,
      auto_sign_enabled: true,
      auto_sign_approver_id: ids.elena,
      signer_roles: [
        { number: 2, label: 'Codeudor', kind: 'signer', authentication: ['email_otp'] },
        { number: 1, label: 'Deudor', kind: 'signer', authentication: ['email_otp'] },
      ],
    });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json().data).toMatchObject({
      expiry_days: 15,
      reminder_days: 3,
      auto_sign_enabled: true,
      auto_sign_approver_name: 'Elena Prueba',
      signer_roles: [
        { number: 2, position: 1, label: 'Codeudor', authentication: ['email_otp'] },
        { number: 1, position: 2, label: 'Deudor' },
      ],
    });
    const outsider = await call(tokens.elena, 'PUT', `update_documents_packages/${email.json().data.id}`, {
      auto_sign_approver_id: ids.bruno,
    });
    expect(outsider.statusCode).toBe(422);
  });

  it('deletes a group softly: it leaves the list and its detail answers 404', async () => {
    const db = t.deps.database.db;
    const group = await createDocumentPackage(db, { companyId: ids.andina, name: 'Para borrar' });
    const deleted = await call(
      tokens.elena,
      'DELETE',
      `delete_documents_packages_header/${group}/${ids.elena}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('Grupo de documentos eliminado');
    expect(
      (await call(tokens.elena, 'GET', `get_documents_packages_details_by_id/${group}`)).statusCode,
    ).toBe(404);
  });
});
