import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import {
  Avatar,
  BindEmailBody,
  BindMobileBody,
  MemberInfo,
  SetStaticAvatarBody,
  UpdateProfileBody,
} from '@lotus/contracts/accounts';
import { ApiHeaders } from '@lotus/contracts/envelope';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import { AppError } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { ok, responses } from '../../http/envelope.ts';
import { sendError } from '../../http/error-handler.ts';
import type { Api, RouteDeps } from '../../http/types.ts';
import { uploadThrottle } from '../../lib/uploads/uploads.ts';
import { findMemberByAvatarFile } from './member.repository.ts';
import {
  AVATAR_FOLDER,
  AVATAR_MAX_BYTES,
  avatarOf,
  bindEmail,
  bindMobile,
  memberInfo,
  setCustomAvatar,
  setStaticAvatar,
  updateProfile,
} from './member.service.ts';

const tags = ['member'];

export function memberRoutes(api: Api, { members, uploads }: RouteDeps) {
  const { guards } = members;

  api.get(
    '/wps/member/info',
    {
      onRequest: guards.requireToken,
      schema: {
        tags,
        summary: "The logged-in account's info (trial accounts included)",
        headers: ApiHeaders,
        response: responses(MemberInfo, 401),
      },
    },
    async (request) => ok(await memberInfo(members.db, request.member!.member, request.language)),
  );

  api.get(
    '/wps/member/info/icon',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's avatar",
        headers: ApiHeaders,
        response: responses(Avatar, 401, 403),
      },
    },
    async (request) => ok(avatarOf(request.member!.member)),
  );

  api.get(
    '/wps/relay/MCSFE_getPlayerAvatar',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: "The member's avatar (STATIC id or CUSTOM image path)",
        headers: ApiHeaders,
        response: responses(Avatar, 401, 403),
      },
    },
    async (request) => ok(avatarOf(request.member!.member)),
  );

  api.post(
    '/wps/relay/MCSFE_getPlayerAvatar',
    {
      onRequest: guards.requireMember,
      // Uploads count against the member and the address; picking a shipped avatar does not.
      preHandler: uploadThrottle(members.throttle, { onlyMultipart: true }),
      schema: {
        tags,
        summary:
          'Sets the avatar: JSON {avatar, avatarType: STATIC} picks a shipped one; multipart field `avatar` uploads a png/jpg under 5 MB',
        headers: ApiHeaders,
        body: SetStaticAvatarBody,
        response: responses(Avatar, 401, 403),
      },
      // Multipart bodies are a stream checked by the handler; JSON bodies are checked below.
      validatorCompiler: (route) =>
        route.httpPart === 'body' ? () => true : TypeBoxValidatorCompiler(route),
    },
    async (request) => {
      const member = request.member!.member;
      if (request.isMultipart()) {
        const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 2 } });
        if (file?.fieldname !== 'avatar') throw new AppError('request_param_err');
        const bytes = await file.toBuffer();
        if (file.file.truncated) throw new AppError('upload_too_large');
        return ok(await setCustomAvatar(members, uploads, member, bytes));
      }
      if (!Value.Check(SetStaticAvatarBody, request.body)) {
        throw new AppError('request_param_err', { fieldErrors: { avatar: 'errors.request_param_err' } });
      }
      return ok(await setStaticAvatar(members, member, request.body.avatar));
    },
  );

  api.put(
    '/wps/member/profile',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Updates the profile fields the brand allows',
        headers: ApiHeaders,
        body: UpdateProfileBody,
        response: responses(MemberInfo, 401, 403),
      },
    },
    async (request) =>
      ok(await updateProfile(members, callerOf(request), request.member!.member, request.body)),
  );

  api.put(
    '/wps/member/mobile',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Binds or changes the mobile number with the code of /wps/verification/sms/bind',
        headers: ApiHeaders,
        body: BindMobileBody,
        response: responses(MemberInfo, 401, 403),
      },
    },
    async (request) => ok(await bindMobile(members, callerOf(request), request.member!.member, request.body)),
  );

  api.put(
    '/wps/member/email',
    {
      onRequest: guards.requireMember,
      schema: {
        tags,
        summary: 'Binds or changes the e-mail address',
        headers: ApiHeaders,
        body: BindEmailBody,
        response: responses(MemberInfo, 401, 403),
      },
    },
    async (request) => ok(await bindEmail(members, callerOf(request), request.member!.member, request.body)),
  );
}

const AVATAR_FILE = /^[0-9a-f-]{36}\.(png|jpg)$/;

/**
 * Uploaded avatars by their random name (image tags send no Merchant header, so this route lives
 * outside the brand scope); only names that belong to a member's current avatar are served.
 */
export function avatarFileRoute(app: Api, { members, uploads }: RouteDeps) {
  app.get(
    '/wps/avatars/:file',
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 64 }) }) } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      if (!AVATAR_FILE.test(file) || !(await findMemberByAvatarFile(members.db, file))) {
        return sendError(request, reply, new AppError('not_found'));
      }
      const path = uploads.finalPath(`${AVATAR_FOLDER}/${file}`);
      const info = await stat(path).catch(() => null);
      if (!info) return sendError(request, reply, new AppError('not_found'));
      return reply
        .type(file.endsWith('.png') ? 'image/png' : 'image/jpeg')
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(createReadStream(path));
    },
  );
}
