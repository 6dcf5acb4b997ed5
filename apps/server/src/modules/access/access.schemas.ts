import { PERMISSION_TREE_MAX_DEPTH } from '@spatia/contract';
import { Type, type TSchema } from 'typebox';
import { AlwaysEmpty } from '../../lib/schemas.js';

/** Request and response shapes of the access module; they validate input and write the OpenAPI document. */
export const tags = ['access'];

export const TreeQuery = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 64 }) });
export const UserUidParams = Type.Object({ uid: Type.String({ minLength: 1, maxLength: 64 }) });

export const PermissionIdsBody = Type.Object({
  permIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
    maxItems: 1000,
    description: 'the permission ids the user should hold',
  }),
});

/**
 * A permission node with `subMenus` nested `levels` deep: spelled out rather than recursive, which
 * both documents and enforces spec 3's "nested up to 4 levels" (the group is the first).
 */
function nested(fields: Record<string, TSchema>, levels: number): TSchema {
  const subMenus = levels > 1 ? Type.Array(nested(fields, levels - 1)) : AlwaysEmpty;
  return Type.Object({ ...fields, subMenus });
}

const bareFields = { permId: Type.Integer(), permName: Type.String() };
const userFields = {
  ...bareFields,
  checked: Type.Boolean({ description: 'effective for the user' }),
  source: Type.Union([Type.Literal('role'), Type.Literal('membership'), Type.Literal('grant'), Type.Null()]),
  locked: Type.Boolean({ description: 'a grant edit cannot remove it: 276, or given by a role or the membership' }),
};
const PERMISSION_LEVELS = PERMISSION_TREE_MAX_DEPTH - 1;

export const CatalogueSchema = Type.Array(
  Type.Object({ groupCode: Type.String(), groupName: Type.String(), menus: Type.Array(nested(bareFields, PERMISSION_LEVELS)) }),
);

export const UserTreeSchema = Type.Object({
  uid: Type.String(),
  phone: Type.String(),
  permlist: Type.Array(Type.Integer(), { description: "the user's effective permission ids, ascending" }),
  groups: Type.Array(
    Type.Object({
      groupCode: Type.String(),
      groupName: Type.String(),
      checked: Type.Boolean({ description: 'any permission of the group is effective' }),
      menus: Type.Array(nested(userFields, PERMISSION_LEVELS)),
    }),
  ),
});
