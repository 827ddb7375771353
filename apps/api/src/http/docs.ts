import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI generated from the TypeBox schemas every route declares, browsable at /docs. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Lotus platform API',
        version: '0.1.0',
        description:
          'Every call carries the Merchant header (brand), Language and Device. Answers use the envelope ' +
          '{ success, value, message, errorCode }; error codes come from the published catalogue.',
      },
      tags: [
        { name: 'system', description: 'Brand configuration and status' },
        { name: 'games', description: 'Game menus' },
        { name: 'help', description: 'Help centre' },
        { name: 'announcements', description: 'Notices, popups and promotions' },
        { name: 'feedback', description: 'Visitor feedback' },
        { name: 'member', description: "The member's own account" },
        {
          name: 'members',
          description:
            'Registration, login, sessions and passwords. Calls marked E send their body sealed with the ' +
            'server public key (Encryption and Digest headers, body {value}); the body schema shown is ' +
            'the payload before sealing.',
        },
      ],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { deepLinking: true } });
}
