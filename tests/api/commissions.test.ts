/** /commission: the list (a list whose first element is the commissions), add, change; who may do what. */
import { and, eq } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommissionResponseSchema, CommissionSchema } from '../../src/api/contract/commission';
import { API_ERROR_CODES } from '../../src/api/contract/error-codes';
import * as t from '../../server/db/schema';
import {
  call,
  callers,
  expectError,
  expectNoChange,
  idByName,
  providerId,
  type Callers,
} from './provider-support';
import { engines, startTestServer, type TestServer } from './support';

describe.each(engines)('/commission on %s', (engine) => {
  let api: TestServer;
  let as: Callers;
  let glow: number;
  let serenity: number;
  beforeAll(async () => {
    api = await startTestServer(engine);
    as = await callers();
    glow = await providerId(api.db, 'Glow Studio');
    serenity = await providerId(api.db, 'Serenity Med Spa');
  });
  afterAll(async () => {
    await api?.stop();
  });

  describe('GET ?providerId=', () => {
    it('answers a list whose first element is the provider’s commissions', async () => {
      const response = await call(api, 'GET', `/commission?providerId=${glow}`, as.glow);
      expect(response.status).toBe(200);
      expect(Array.isArray(response.body) && response.body.length).toBe(1);
      const [commissions] = v.parse(CommissionResponseSchema, response.body);
      expect(commissions.map((c) => [c.serviceCategory.name, c.percentage])).toEqual([
        ['Injectables', 20],
        ['Facials', 15],
        ['Laser (Hair Removal)', 12.5],
      ]);
      expect(commissions.every((c) => c.commissionId === c.id && c.providerId === glow)).toBe(true);
      expect((await call(api, 'GET', `/commission?providerId=${glow}`, as.admin)).body).toEqual(
        response.body,
      );
    });

    it('refuses provider A on provider B (403), and answers 404, 400 (naming providerId), 401', async () => {
      expectError(
        await call(api, 'GET', `/commission?providerId=${serenity}`, as.glow),
        403,
        API_ERROR_CODES.forbidden,
      );
      expectError(
        await call(api, 'GET', '/commission?providerId=987654', as.admin),
        404,
        API_ERROR_CODES.providerNotFound,
      );
      expectError(
        await call(api, 'GET', '/commission', as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'providerId',
      );
      expectError(
        await call(api, 'GET', '/commission?providerId=x', as.admin),
        400,
        API_ERROR_CODES.invalidQuery,
        'providerId',
      );
      expectError(
        await call(api, 'GET', `/commission?providerId=${glow}`),
        401,
        API_ERROR_CODES.unauthenticated,
      );
      expectError(
        await call(api, 'GET', `/commission?providerId=${glow}`, as.customer),
        403,
        API_ERROR_CODES.forbidden,
      );
    });
  });

  describe('POST', () => {
    it('adds a commission for a category, named after it', async () => {
      const bodyContour = await idByName(api.db, t.serviceCategories, 'Body Contour');
      const created = await call(api, 'POST', '/commission', as.glow, {
        serviceCategoryId: bodyContour,
        providerId: glow,
        percentage: 17.5,
      });
      expect(created.status).toBe(201);
      expect(v.parse(CommissionSchema, created.body)).toMatchObject({
        name: 'Body Contour',
        serviceCategory: { id: bodyContour, name: 'Body Contour' },
        providerId: glow,
        percentage: 17.5,
      });
    });

    it('refuses a second commission for the same category (409), changing nothing', async () => {
      const injectables = await idByName(api.db, t.serviceCategories, 'Injectables');
      await expectNoChange(api.db, async () =>
        expectError(
          await call(api, 'POST', '/commission', as.admin, {
            serviceCategoryId: injectables,
            providerId: glow,
            percentage: 15,
          }),
          409,
          API_ERROR_CODES.commissionExists,
          'serviceCategoryId',
        ),
      );
    });

    it.each([
      [{ percentage: 150 }, 'percentage'],
      [{ percentage: -1 }, 'percentage'],
      [{ percentage: 'twenty' }, 'percentage'],
      [{ serviceCategoryId: 987_654 }, 'serviceCategoryId'],
      [{ providerId: 'glow' }, 'providerId'],
    ])('refuses %j naming %s, and changes nothing', async (extra, field) => {
      const bodyContour = await idByName(api.db, t.serviceCategories, 'Body Contour');
      await expectNoChange(api.db, async () =>
        expectError(
          await call(api, 'POST', '/commission', as.admin, {
            serviceCategoryId: bodyContour,
            providerId: serenity,
            percentage: 20,
            ...extra,
          }),
          400,
          API_ERROR_CODES.invalidBody,
          field,
        ),
      );
    });

    it('refuses provider A adding to provider B (403), an unknown provider (404), 401', async () => {
      const bodyContour = await idByName(api.db, t.serviceCategories, 'Body Contour');
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'POST', '/commission', as.glow, {
            serviceCategoryId: bodyContour,
            providerId: serenity,
            percentage: 20,
          }),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'POST', '/commission', as.admin, {
            serviceCategoryId: bodyContour,
            providerId: 987_654,
            percentage: 20,
          }),
          404,
          API_ERROR_CODES.providerNotFound,
        );
        expectError(
          await call(api, 'POST', '/commission', undefined, {
            serviceCategoryId: bodyContour,
            providerId: glow,
            percentage: 20,
          }),
          401,
          API_ERROR_CODES.unauthenticated,
        );
        expectError(
          await call(api, 'POST', '/commission', as.customer, {
            serviceCategoryId: bodyContour,
            providerId: glow,
            percentage: 20,
          }),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
    });
  });

  describe('PUT /{id}', () => {
    async function commissionOf(provider: number, category: string) {
      const categoryId = await idByName(api.db, t.serviceCategories, category);
      const [found] = await api.db
        .select()
        .from(t.commissions)
        .where(and(eq(t.commissions.providerId, provider), eq(t.commissions.serviceCategoryId, categoryId)));
      if (!found) throw new Error(`no commission for ${category}`);
      return found;
    }

    it('changes the percentage, kept to two decimals', async () => {
      const facials = await commissionOf(glow, 'Facials');
      const changed = await call(api, 'PUT', `/commission/${facials.id}`, as.glow, {
        percentage: 100,
        version: facials.version,
      });
      const saved = v.parse(CommissionSchema, changed.body);
      expect(saved).toMatchObject({ percentage: 100, version: facials.version + 1 });
      const fine = await call(api, 'PUT', `/commission/${facials.id}`, as.admin, {
        percentage: 12.345,
        version: saved.version,
      });
      expect(v.parse(CommissionSchema, fine.body).percentage).toBeCloseTo(12.35, 5);
    });

    it('refuses provider A on provider B’s commission (403), out-of-range values (400), and answers 404, 401', async () => {
      const serenityInjectables = await commissionOf(serenity, 'Injectables');
      const glowFacials = await commissionOf(glow, 'Facials');
      await expectNoChange(api.db, async () => {
        expectError(
          await call(api, 'PUT', `/commission/${serenityInjectables.id}`, as.glow, {
            percentage: 1,
            version: serenityInjectables.version,
          }),
          403,
          API_ERROR_CODES.forbidden,
        );
        expectError(
          await call(api, 'PUT', `/commission/${glowFacials.id}`, as.glow, {
            percentage: 150,
            version: glowFacials.version,
          }),
          400,
          API_ERROR_CODES.invalidBody,
          'percentage',
        );
        expectError(
          await call(api, 'PUT', `/commission/${glowFacials.id}`, as.glow, { version: glowFacials.version }),
          400,
          API_ERROR_CODES.invalidBody,
          'percentage',
        );
        expectError(
          await call(api, 'PUT', '/commission/987654', as.admin, { percentage: 1, version: 1 }),
          404,
          API_ERROR_CODES.commissionNotFound,
        );
        expectError(
          await call(api, 'PUT', '/commission/x', as.admin, { percentage: 1 }),
          400,
          API_ERROR_CODES.invalidParam,
          'id',
        );
        expectError(
          await call(api, 'PUT', `/commission/${glowFacials.id}`, undefined, { percentage: 1 }),
          401,
          API_ERROR_CODES.unauthenticated,
        );
        expectError(
          await call(api, 'PUT', `/commission/${glowFacials.id}`, as.customer, { percentage: 1 }),
          403,
          API_ERROR_CODES.forbidden,
        );
      });
      const [after] = await api.db
        .select()
        .from(t.commissions)
        .where(eq(t.commissions.id, serenityInjectables.id));
      expect(after?.percentage).toBe(serenityInjectables.percentage);
    });
  });
});
