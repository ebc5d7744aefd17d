// Accounts, for a superAdmin: the admin page's list, create, change (roles, sites, password) and remove.
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, userEntry, userCreateBody, userChangeBody } from '../../contract/api.ts';
import { ok } from '../http/envelope.ts';
import { SUPER_ADMIN } from '../http/access.ts';
import { idParam } from './params.ts';
import * as admin from '../services/userAdmin.ts';
import { refusals } from '../http/refusals.ts';
import type { RoutesPlugin } from './plugin.ts';

export const userRoutes: RoutesPlugin = async (api, { ctx }) => {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  r.get(
    '/users',
    {
      config: { access: SUPER_ADMIN },
      schema: {
        tags: ['users'],
        summary: 'Every account with its roles and sites (superAdmin)',
        response: { 200: envelope(z.array(userEntry)) },
      },
    },
    async () => ok(await admin.listUsers(db)),
  );

  r.post(
    '/users',
    {
      config: { access: SUPER_ADMIN },
      schema: {
        tags: ['users'],
        summary: 'Create an account',
        body: userCreateBody,
        response: { 200: envelope(userEntry) },
      },
    },
    async (req) => {
      const u = await admin.createUser(db, req.body.username, req.body.password, req.body.roles, req.body.sites, {
        actor: req.user,
      });
      return ok(u, `User ${u.username} created.`);
    },
  );

  r.put(
    '/users/:id',
    {
      config: { access: SUPER_ADMIN },
      schema: {
        tags: ['users'],
        summary: 'Change the roles, sites or password of an account (its sessions end)',
        params: idParam,
        body: userChangeBody,
        response: { ...refusals(404), 200: envelope(userEntry) },
      },
    },
    async (req) => {
      const u = await admin.changeUser(db, { id: req.params.id }, req.body, { actor: req.user });
      return ok(u, `User ${u.username} saved.`);
    },
  );

  r.delete(
    '/users/:id',
    {
      config: { access: SUPER_ADMIN },
      schema: {
        tags: ['users'],
        summary: 'Remove an account (its sessions end)',
        params: idParam,
        response: { ...refusals(404), 200: envelope(userEntry) },
      },
    },
    async (req) => {
      const u = await admin.removeUser(db, { id: req.params.id }, { actor: req.user });
      return ok(u, `User ${u.username} removed.`);
    },
  );
};
