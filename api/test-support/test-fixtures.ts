import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../src/db/client";
import {
  bankAccounts,
  blogArticles,
  bookingJourneys,
  contactShareAttempts,
  queryChatGroups,
  queryChats,
  blogComments,
  boostingPoints,
  cancelledOrders,
  mainConsultations,
  ORDER_STATUS_VALUES,
  orderActivities,
  orderChats,
  orderFiles,
  orders,
  outbox,
  panVerifications,
  payments,
  profileDocuments,
  providerAgreements,
  providerProfiles,
  providerServices,
  SERVICE_TYPE_VALUES,
  serviceProviders,
  users,
  videoCallLogs,
} from "../src/db/schema";
import { NEW_PROVIDER_STAGE } from "~contract/provider-auth-labels";
import { notFound } from "../src/lib/http";
import { inrToPaiseNumber, providerInvoiceSplit } from "~shared/money";
import { hashPassword } from "../src/lib/password";
import { apiRouter, body, createRoute, z } from "../src/lib/openapi";
import { journeyValues } from "../src/seed/booking-journeys";
import { OFFERINGS, shortIdFor } from "../src/seed/orders";
import { recountGroup, refreshSearchText } from "../src/routes/customer-queries/query-chats";

/**
 * TEST ONLY — mounted by createApi({ testFixtures: true }) (env API_TEST_FIXTURES=true, refused in
 * production), which only the e2e servers turn on. A browser test makes the order or provider it
 * changes here, so no two tests (or a retry) share one. An order is a copy, under a new short id,
 * of the demo seed's order of that service type and status (variant 0 or 1: the seed makes two of
 * each, which differ), with its payments, consultation, files, chats, activities and cancellation.
 */
const CloneOrderBody = z.object({
  serviceType: z.enum(SERVICE_TYPE_VALUES),
  status: z.enum(ORDER_STATUS_VALUES),
  variant: z.number().int().min(0).max(1).default(0),
  /** the customer who booked the copy (users.id); absent: the demo order's own */
  user_id: z.number().int().positive().optional(),
  /** the provider who serves the copy (service_providers id); absent: the demo order's own */
  service_provider_id: z.number().int().positive().optional(),
  /** the copied payments' amount in rupees ("600000.00"), their split recomputed (payouts above a threshold) */
  amount: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/)
    .optional(),
  /**
   * the copy's latest payment made successful (not released) or released before payouts were
   * recorded (WITHDRAWN without a payout), whatever other tests did to the demo order it copies
   */
  payment_status: z.enum(["PAYMENT_SUCCESS", "WITHDRAWN"]).optional(),
});

// test-only calls stay out of /openapi.json (hide), but are validated like every call
const cloneOrderRoute = createRoute({
  method: "post",
  path: "/test-fixtures/orders",
  hide: true,
  request: { body: body(CloneOrderBody) },
  responses: { 201: { description: "The new order" } },
});
const providerRoute = createRoute({
  method: "post",
  path: "/test-fixtures/providers",
  hide: true,
  request: {
    body: body(
      z.object({
        variant: z.number().int().min(0).max(50).default(0),
        /** the copy holds this plan instead of the demo provider's */
        plan_id: z.number().int().positive().optional(),
        /** false: not yet subscribed through the wizard (registered_at null, user Active: the wizard's create mode) */
        registered: z.boolean().default(true),
        /** false: without the demo provider's documents row */
        documents: z.boolean().default(true),
        /** the username starts with this instead of "e2e" (a test filters its own rows by it) */
        prefix: z
          .string()
          .regex(/^[a-z0-9_.]{1,40}$/)
          .optional(),
      }),
    ),
  },
  responses: { 201: { description: "The new provider" } },
});

const journeysRoute = createRoute({
  method: "post",
  path: "/test-fixtures/booking-journeys",
  hide: true,
  request: {
    body: body(
      z.object({
        /** one journey per entry: the step it stopped at (6: all five done), when it started, converted into an order or not */
        journeys: z
          .array(
            z.object({
              stop: z.number().int().min(1).max(6),
              started_at: z.string().datetime({ offset: true }).optional(),
              service_name: z.string().min(1).max(200).optional(),
              converted: z.boolean().default(false),
            }),
          )
          .min(1)
          .max(50),
      }),
    ),
  },
  responses: { 201: { description: "The customer, the provider and the journeys" } },
});

const userRoute = createRoute({
  method: "post",
  path: "/test-fixtures/users",
  hide: true,
  request: {
    body: body(
      z.object({
        is_active: z.boolean().default(true),
        /** Pending orders (copies of the demo's first Pending Consultation) booked by this user */
        open_orders: z.number().int().min(0).max(5).default(0),
        /** a rating, joined time and phone of the test's own (sorting, searching by phone); defaults 4.5, now, a random number */
        rating: z.number().min(0).max(5).optional(),
        created_at: z.string().datetime({ offset: true }).optional(),
        phone: z.string().min(1).max(40).optional(),
        /** the username starts with this instead of "e2e_user" (a test filters its own rows by it) */
        prefix: z
          .string()
          .regex(/^[a-z0-9_.]{1,40}$/)
          .optional(),
      }),
    ),
  },
  responses: { 201: { description: "The new user" } },
});

const providerAccountRoute = createRoute({
  method: "post",
  path: "/test-fixtures/provider-accounts",
  hide: true,
  request: {
    body: body(
      z.object({
        /** the provider's sign-in password (stored as argon2id) */
        password: z.string().min(1).max(200),
        is_active: z.boolean().default(true),
        can_sign_in: z.boolean().default(true),
      }),
    ),
  },
  responses: { 201: { description: "The new provider account" } },
});

const commentRoute = createRoute({
  method: "post",
  path: "/test-fixtures/comments",
  hide: true,
  request: {
    body: body(
      z.object({
        /** the post it is on; absent: a new post of the test's own (or the parent's post) */
        article_id: z.number().int().positive().optional(),
        /** a reply to this comment (on its post) */
        parent_id: z.number().int().positive().optional(),
        name: z.string().trim().min(1).max(200),
        /** null or absent: an anonymous reader */
        email: z.string().trim().max(254).nullable().default(null),
        content: z.string().trim().min(1).max(5000),
        is_approved: z.boolean().default(false),
        /** when it was written; default now */
        created_at: z.string().datetime({ offset: true }).optional(),
      }),
    ),
  },
  responses: { 201: { description: "The new comment" } },
});

const queryChatsRoute = createRoute({
  method: "post",
  path: "/test-fixtures/query-chats",
  hide: true,
  request: {
    body: body(
      z.object({
        /** messages in the chat (the first is a service query, the third and fourth try to share contacts) */
        messages: z.number().int().min(4).max(300).default(6),
      }),
    ),
  },
  responses: { 201: { description: "The new customer, provider, chat and attempts" } },
});

const outboxFailedRoute = createRoute({
  method: "post",
  path: "/test-fixtures/outbox-failed",
  hide: true,
  request: {
    body: body(
      z.object({
        /** outbox rows the test queued itself (the e2e API has no SMTP, so they stay queued) */
        ids: z.array(z.number().int().positive()).min(1).max(50),
        /** the last send's reason, as the delivery writes it */
        error: z.string().trim().min(1).max(500),
        /** sends made (default 5, the delivery's default limit) */
        attempts: z.number().int().min(0).max(50).default(5),
      }),
    ),
  },
  responses: { 200: { description: "The rows marked failed" } },
});

const strip = <T extends Record<string, unknown>, K extends keyof T>(row: T, ...keys: K[]): Omit<T, K> => {
  const copy = { ...row };
  for (const key of keys) delete copy[key];
  return copy;
};

export function testFixturesRouter(db: Database) {
  const router = apiRouter();

  router.openapi(cloneOrderRoute, async (c) => {
    const { serviceType, status, variant, user_id, service_provider_id, amount, payment_status } = c.req.valid("json");
    const created = await db.transaction(async (tx) => {
      // the seed's orders of a kind are the oldest ids of that kind (copies come later)
      const [template] = await tx
        .select()
        .from(orders)
        .where(and(eq(orders.serviceType, serviceType), eq(orders.status, status), sql`${orders.short_id} < 'ORD000057'`))
        .orderBy(asc(orders.order_id))
        .limit(1)
        .offset(variant);
      if (!template) throw notFound(`The demo data has no ${serviceType} ${status} order to copy`);
      // serialised: two copies at once must not take the same short id
      await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
      const [{ top }] = await tx.select({ top: sql<number>`coalesce(max(substring(${orders.short_id} from 4)::int), 0)` }).from(orders);
      const [order] = await tx
        .insert(orders)
        .values({
          ...strip(template, "order_id"),
          short_id: shortIdFor(Number(top) + 1),
          ...(user_id ? { user_id } : {}),
          ...(service_provider_id ? { service_provider_id } : {}),
        })
        .returning();
      const id = order.order_id;
      const copy = async <
        T extends
          | typeof payments
          | typeof mainConsultations
          | typeof orderFiles
          | typeof orderChats
          | typeof orderActivities
          | typeof cancelledOrders
          | typeof videoCallLogs,
      >(
        table: T,
        key: string,
      ) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const anyTable = table as any;
        const rows = (await tx.select().from(anyTable).where(eq(anyTable.order_id, template.order_id))) as Record<string, unknown>[];
        if (rows.length === 0) return [];
        return tx
          .insert(anyTable)
          .values(rows.map((row) => ({ ...strip(row, key), order_id: id })))
          .returning();
      };
      let copiedPayments = (await copy(payments, "payment_id")) as (typeof payments.$inferSelect)[];
      if (amount !== undefined && copiedPayments.length > 0) {
        const total = inrToPaiseNumber(amount);
        copiedPayments = await Promise.all(
          copiedPayments.map(async (p) => {
            const split = providerInvoiceSplit(total, p.service_fee_percent);
            const [row] = await tx
              .update(payments)
              .set({
                total_amount: total,
                platform_commission: split.service_charge,
                gst: split.gst,
                service_provider_amount: split.payable,
                paid_to_provider: p.payment_status === "WITHDRAWN" ? split.payable : p.paid_to_provider,
              })
              .where(eq(payments.payment_id, p.payment_id))
              .returning();
            return row;
          }),
        );
      }
      if (payment_status && copiedPayments.length > 0) {
        const latest = copiedPayments.reduce((a, b) => (b.payment_id > a.payment_id ? b : a));
        const released = payment_status === "WITHDRAWN";
        // the other attempts did not go through (one paid attempt per order)
        await tx
          .update(payments)
          .set({ payment_status: "PAYMENT_FAILED", release_date: null, paid_to_provider: 0 })
          .where(and(eq(payments.order_id, id), sql`${payments.payment_id} <> ${latest.payment_id}`));
        const split = providerInvoiceSplit(latest.total_amount, latest.service_fee_percent);
        await tx
          .update(payments)
          .set({
            payment_status,
            platform_commission: split.service_charge,
            gst: split.gst,
            service_provider_amount: split.payable,
            release_date: released ? new Date(latest.payment_date.getTime() + 86_400_000) : null,
            paid_to_provider: released ? split.payable : 0,
          })
          .where(eq(payments.payment_id, latest.payment_id));
        copiedPayments = await tx.select().from(payments).where(eq(payments.order_id, id)).orderBy(asc(payments.payment_id));
      }
      await copy(mainConsultations, "id");
      await copy(orderFiles, "file_id");
      await copy(orderChats, "order_chat_id");
      await copy(orderActivities, "id");
      await copy(cancelledOrders, "id");
      await copy(videoCallLogs, "id");
      return {
        order_id: id,
        short_id: order.short_id,
        serviceType: order.serviceType,
        status: order.status,
        payments: copiedPayments.map((p) => ({ payment_id: p.payment_id, payment_status: p.payment_status })),
      };
    });
    return c.json({ data: created }, 201);
  });

  /**
   * A provider of the test's own: a copy of a demo provider (the variant-th, oldest first) with its
   * user (a new username), profile documents, agreements, PAN check, bank account and points history.
   */
  router.openapi(providerRoute, async (c) => {
    const { variant, plan_id, registered, documents, prefix = "e2e" } = c.req.valid("json");
    const created = await db.transaction(async (tx) => {
      const [template] = await tx
        .select()
        .from(serviceProviders)
        .orderBy(asc(serviceProviders.serviceProvider_id))
        .limit(1)
        .offset(variant);
      if (!template) throw notFound("The demo data has no provider to copy");
      const [person] = await tx.select().from(users).where(eq(users.id, template.user_id));
      const tag = randomBytes(4).toString("hex");
      const [user] = await tx
        .insert(users)
        // a name, email and phone of its own, so a search for the demo provider never finds the copy
        .values({
          ...strip(person, "id", "search_text"),
          username: `${prefix}.${tag}`,
          email: `${prefix}.${tag}@copies.test`,
          phone: `+9100${tag}`,
          ...(registered ? {} : { status: "Active" as const }),
        })
        .returning();
      const [provider] = await tx
        .insert(serviceProviders)
        .values({
          ...strip(template, "serviceProvider_id"),
          user_id: user.id,
          ...(plan_id ? { plan_id } : {}),
          ...(registered ? {} : { registered_at: null }),
        })
        .returning();
      const copyRows = async (
        table: typeof profileDocuments | typeof providerAgreements | typeof panVerifications | typeof bankAccounts,
        key: string,
      ) => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        const anyTable = table as any;
        const rows = (await tx.select().from(anyTable).where(eq(anyTable.service_provider_id, template.serviceProvider_id))) as Record<
          string,
          unknown
        >[];
        if (rows.length)
          await tx.insert(anyTable).values(rows.map((row) => ({ ...strip(row, key), service_provider_id: provider.serviceProvider_id })));
      };
      if (documents) await copyRows(profileDocuments, "ProfileDocument_id");
      // the rest of the profile, as the demo provider's (one record: the wizard's sections are built from it)
      const [profile] = await tx
        .select()
        .from(providerProfiles)
        .where(eq(providerProfiles.service_provider_id, template.serviceProvider_id));
      if (profile) await tx.insert(providerProfiles).values({ ...profile, service_provider_id: provider.serviceProvider_id });
      const services = await tx
        .select()
        .from(providerServices)
        .where(eq(providerServices.service_provider_id, template.serviceProvider_id));
      if (services.length)
        await tx
          .insert(providerServices)
          .values(services.map((row) => ({ ...strip(row, "id"), service_provider_id: provider.serviceProvider_id })));
      await copyRows(providerAgreements, "id");
      await copyRows(panVerifications, "id");
      await copyRows(bankAccounts, "id");
      const history = await tx.select().from(boostingPoints).where(eq(boostingPoints.service_provider, template.serviceProvider_id));
      if (history.length) {
        await tx
          .insert(boostingPoints)
          .values(history.map((row) => ({ ...strip(row, "id"), service_provider: provider.serviceProvider_id })));
      }
      return { serviceProvider_id: provider.serviceProvider_id, user_id: user.id, username: user.username };
    });
    return c.json({ data: created }, 201);
  });

  /** A provider account of the test's own: just signed up (stage Partial, not registered), with this password. */
  router.openapi(providerAccountRoute, async (c) => {
    const { password, is_active, can_sign_in } = c.req.valid("json");
    const hash = await hashPassword(password);
    const created = await db.transaction(async (tx) => {
      const tag = randomBytes(4).toString("hex");
      const [user] = await tx
        .insert(users)
        .values({
          username: `e2e.provider.${tag}`,
          firstName: "Test",
          lastName: `Provider ${tag}`,
          email: `e2e.provider.${tag}@copies.test`,
          phone: `+91 90000 ${tag.replace(/\D/g, "0").slice(0, 5)}`,
          password_hash: hash,
          is_active,
          can_sign_in,
        })
        .returning();
      const [provider] = await tx
        .insert(serviceProviders)
        .values({ user_id: user.id, stage: NEW_PROVIDER_STAGE, registered_at: null })
        .returning();
      return { serviceProvider_id: provider.serviceProvider_id, user_id: user.id, username: user.username };
    });
    return c.json({ data: created }, 201);
  });

  /**
   * A plain user of the test's own (no provider profile), joined now, with `open_orders` Pending
   * orders they booked (copies of a demo order, under new short ids).
   */
  router.openapi(userRoute, async (c) => {
    const { is_active, open_orders, rating, created_at, phone, prefix = "e2e_user" } = c.req.valid("json");
    const created = await db.transaction(async (tx) => {
      const tag = randomBytes(4).toString("hex");
      const [user] = await tx
        .insert(users)
        .values({
          username: `${prefix}_${tag}`,
          firstName: "Test",
          lastName: `User ${tag}`,
          email: `e2e.user.${tag}@copies.test`,
          phone: phone ?? `+91 90000${tag.slice(0, 5).replace(/\D/g, "0")}`,
          is_active,
          rating: rating ?? 4.5,
          ...(created_at ? { created_at: new Date(created_at) } : {}),
        })
        .returning();
      const shortIds: string[] = [];
      if (open_orders > 0) {
        const [template] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.status, "Pending"), sql`${orders.short_id} < 'ORD000057'`))
          .orderBy(asc(orders.order_id))
          .limit(1);
        if (!template) throw notFound("The demo data has no Pending order to copy");
        await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
        const [{ top }] = await tx.select({ top: sql<number>`coalesce(max(substring(${orders.short_id} from 4)::int), 0)` }).from(orders);
        for (let n = 1; n <= open_orders; n++) {
          const [order] = await tx
            .insert(orders)
            .values({ ...strip(template, "order_id"), short_id: shortIdFor(Number(top) + n), user_id: user.id })
            .returning({ short_id: orders.short_id });
          shortIds.push(order.short_id);
        }
      }
      return { user_id: user.id, username: user.username, is_active: user.is_active, orders: shortIds };
    });
    return c.json({ data: created }, 201);
  });

  /**
   * A reader's comment (readers write them, not admins): on the post named, the parent's post, or a
   * new post of the test's own (inserted here: the posts screen is not needed for it).
   */
  /** Outbox rows failed as the delivery leaves them after its last try (no SMTP server to fail against in the e2e run). */
  router.openapi(outboxFailedRoute, async (c) => {
    const { ids, error, attempts } = c.req.valid("json");
    const rows = await db
      .update(outbox)
      .set({ status: "failed", error, attempts, next_attempt_at: null, claimed_by: null, claimed_until: null, last_attempt_at: sql`now()` })
      .where(inArray(outbox.id, ids))
      .returning({ id: outbox.id });
    if (rows.length !== ids.length) throw notFound("Some of these outbox rows do not exist");
    return c.json({ data: rows }, 200);
  });

  router.openapi(commentRoute, async (c) => {
    const { article_id, parent_id, name, email, content, is_approved, created_at } = c.req.valid("json");
    const created = await db.transaction(async (tx) => {
      let articleId = article_id;
      if (parent_id !== undefined) {
        const [parent] = await tx.select({ article_id: blogComments.article_id }).from(blogComments).where(eq(blogComments.id, parent_id));
        if (!parent) throw notFound(`No comment has the id ${parent_id}`);
        articleId ??= parent.article_id;
      }
      if (articleId === undefined) {
        const tag = randomBytes(4).toString("hex");
        const [article] = await tx
          .insert(blogArticles)
          .values({
            title: `Test post ${tag}: filing GST returns on time`,
            slug: `test-post-${tag}`,
            author: "Test Author",
            status: "published",
            content: "<p>A test post.</p>",
            published_at: new Date(),
          })
          .returning({ id: blogArticles.id });
        articleId = article.id;
      }
      const [comment] = await tx
        .insert(blogComments)
        .values({
          article_id: articleId,
          parent_id: parent_id ?? null,
          name,
          email,
          content,
          is_approved,
          ...(created_at ? { created_at: new Date(created_at) } : {}),
        })
        .returning({
          id: blogComments.id,
          article_id: blogComments.article_id,
          parent_id: blogComments.parent_id,
          is_approved: blogComments.is_approved,
        });
      const [article] = await tx.select({ title: blogArticles.title }).from(blogArticles).where(eq(blogArticles.id, comment.article_id));
      return { ...comment, article_title: article.title };
    });
    return c.json({ data: created }, 201);
  });

  /**
   * Booking journeys of the test's own: a new customer and a new provider (plain rows, no profile),
   * and one journey per entry, stopped at the step asked, with the seed's captured data.
   */
  router.openapi(journeysRoute, async (c) => {
    const { journeys } = c.req.valid("json");
    const created = await db.transaction(async (tx) => {
      const tag = randomBytes(4).toString("hex");
      const digits = String(parseInt(tag, 16) % 100000).padStart(5, "0");
      const [customer] = await tx
        .insert(users)
        .values({
          username: `e2e_customer_${tag}`,
          firstName: "Journey",
          lastName: `Customer ${tag}`,
          email: `e2e.customer.${tag}@copies.test`,
          phone: `+91 98${digits}000`,
        })
        .returning();
      const [person] = await tx
        .insert(users)
        .values({
          username: `e2e_provider_${tag}`,
          firstName: "Journey",
          lastName: `Provider ${tag}`,
          email: `e2e.provider.${tag}@copies.test`,
          phone: `+91 97${digits}111`,
        })
        .returning();
      const [provider] = await tx.insert(serviceProviders).values({ user_id: person.id }).returning();
      const [order] = journeys.some((j) => j.converted)
        ? await tx.select({ id: orders.order_id }).from(orders).orderBy(asc(orders.order_id)).limit(1)
        : [];
      if (journeys.some((j) => j.converted) && !order) throw notFound("The demo data has no order for a converted journey");
      const offerings = OFFERINGS.Service;
      const rows = journeys.map((journey, k) => {
        const offer = offerings[k % offerings.length];
        const price = (offer.paise / 100).toFixed(2);
        const values = journeyValues(
          journey.stop,
          journey.started_at ? Date.parse(journey.started_at) : Date.now() - (journeys.length - k) * 60_000,
          {
            service: "Service",
            offering: offer.offerings,
            price,
            deliveryTime: "5 days",
            variation: { limits: "Up to 20 pages", price: (Math.round(offer.paise * 1.4) / 100).toFixed(2), deliveryTime: "7 days" },
          },
          {
            user_id: customer.id,
            firstName: customer.firstName,
            lastName: customer.lastName,
            email: customer.email,
            phone: customer.phone,
          },
          k,
          k,
        );
        return {
          ...values,
          user_id: customer.id,
          service_provider_id: provider.serviceProvider_id,
          service_name: journey.service_name ?? offer.offerings,
          order_id: journey.converted ? order.id : null,
        };
      });
      const made = await tx
        .insert(bookingJourneys)
        .values(rows)
        .returning({ id: bookingJourneys.id, active_step: bookingJourneys.active_step, order_id: bookingJourneys.order_id });
      return {
        user: {
          user_id: customer.id,
          username: customer.username,
          fullname: `${customer.firstName} ${customer.lastName}`,
          phone: customer.phone,
        },
        provider: {
          serviceProvider_id: provider.serviceProvider_id,
          username: person.username,
          fullname: `${person.firstName} ${person.lastName}`,
          phone: person.phone,
        },
        journeys: made,
      };
    });
    return c.json({ data: created }, 201);
  });

  router.openapi(queryChatsRoute, async (c) => {
    const { messages } = c.req.valid("json");
    const created = await db.transaction(async (tx) => {
      const tag = randomBytes(4).toString("hex");
      const digits = String(parseInt(tag, 16) % 1e8).padStart(8, "0");
      const [customer] = await tx
        .insert(users)
        .values({
          username: `e2e_qc_user_${tag}`,
          firstName: "Query",
          lastName: `Customer ${tag}`,
          email: `e2e.qc.${tag}@copies.test`,
          phone: `+91 97${digits}`,
        })
        .returning();
      const [template] = await tx.select().from(serviceProviders).orderBy(asc(serviceProviders.serviceProvider_id)).limit(1);
      if (!template) throw notFound("The demo data has no provider to copy");
      const [person] = await tx
        .insert(users)
        .values({
          username: `e2e_qc_pro_${tag}`,
          firstName: "Query",
          lastName: `Provider ${tag}`,
          email: `e2e.qcp.${tag}@copies.test`,
          phone: `+91 88${digits}`,
        })
        .returning();
      const [provider] = await tx
        .insert(serviceProviders)
        .values({ ...strip(template, "serviceProvider_id"), user_id: person.id })
        .returning({ id: serviceProviders.serviceProvider_id });
      const start = Date.now() - (messages + 1) * 60_000;
      const [group] = await tx
        .insert(queryChatGroups)
        .values({ user_id: customer.id, service_provider_id: provider.id })
        .returning({ id: queryChatGroups.id });
      const rows: (typeof queryChats.$inferInsert)[] = [];
      for (let m = 0; m < messages; m++) {
        const fromCustomer = m % 2 === 0;
        const text =
          m === 0
            ? null
            : m === 2
              ? `Call me on 98765 ${tag.slice(0, 5)} (message ${m + 1})`
              : m === 3
                ? `Write to me at pro.${tag}@mail.test (message ${m + 1})`
                : `Message ${m + 1} from the ${fromCustomer ? "customer" : "provider"} ${tag}`;
        rows.push({
          group_id: group.id,
          sender_id: fromCustomer ? customer.id : person.id,
          text,
          service_query_data:
            m === 0
              ? {
                  requirements: `<p>Need <strong>GST filing</strong> for ${tag}</p><script>alert(1)</script><ul><li>Three quarters</li></ul>`,
                  query: `Can you reconcile ITC for ${tag}?`,
                  lpv_index: 1,
                  service: {
                    inclusions: [
                      { i: 0, value: "GSTR-1 filing", subCategory: "GST Filing" },
                      { i: 1, value: "GSTR-3B filing" },
                    ],
                    offerings: "Quarterly GST returns",
                    serviceType: "Retainership",
                    specialty: ["GST", "Small business"],
                    indiaPrice: 1999,
                    deliveryTime: "3 days",
                    limits: [{ value: "Up to 20 invoices" }],
                    limitsPriceVariation: [
                      { indiaPrice: 2999, deliveryTime: "5 days", limits: [{ value: "Up to 50 invoices" }] },
                      { indiaPrice: 4999, deliveryTime: "7 days", limits: [{ value: "Up to 200 invoices" }] },
                    ],
                  },
                }
              : null,
          created_at: new Date(start + m * 60_000),
        });
      }
      const made = await tx.insert(queryChats).values(rows).returning({ id: queryChats.query_chat_id, text: queryChats.text });
      const attempt = (
        userId: number,
        index: number | null,
        content: string | null,
        kind: "phone" | "email" | "link",
        notes: string,
        minutes: number,
      ) => ({
        user_id: userId,
        group_id: group.id,
        query_chat_id: index === null ? null : made[index].id,
        content,
        kind,
        notes,
        created_at: new Date(start + minutes * 60_000),
      });
      const userAttempts = await tx
        .insert(contactShareAttempts)
        .values([
          attempt(customer.id, 2, `98765 ${tag.slice(0, 5)}`, "phone", `Customer phone ${tag}`, 2),
          attempt(customer.id, null, null, "link", `Unreadable ${tag}`, 1),
        ])
        .returning({ id: contactShareAttempts.id });
      const providerAttempts = await tx
        .insert(contactShareAttempts)
        .values([attempt(person.id, 3, `pro.${tag}@mail.test`, "email", `Provider email ${tag}`, 3)])
        .returning({ id: contactShareAttempts.id });
      await recountGroup(tx, group.id);
      await refreshSearchText(tx, eq(queryChatGroups.id, group.id));
      return {
        tag,
        group_id: group.id,
        user_id: customer.id,
        user_name: `${customer.firstName} ${customer.lastName}`,
        provider_id: provider.id,
        provider_user_id: person.id,
        provider_name: `${person.firstName} ${person.lastName}`,
        service_message_id: made[0].id,
        messages: made.map((m) => ({ query_chat_id: m.id, text: m.text })),
        user_attempts: userAttempts.map((a) => a.id),
        provider_attempts: providerAttempts.map((a) => a.id),
      };
    });
    return c.json({ data: created }, 201);
  });

  return router;
}
