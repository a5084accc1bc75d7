import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DomainError,
  ErrorBody,
  EXTRACT_RESUME_KINDS,
  ExtractResumeResponse,
  JsonResume,
  PARSE_RESUME_KINDS,
  PROFILE_MESSAGES,
  RESUME_FILE_KINDS,
  RESUME_MAX_BYTES,
  ResumeParseResult,
  jsonResumeToExtracted,
  type ExtractedResume,
  type ResumeFileKind,
} from '@hireloop/contracts';
import { AiServiceError, type AiPort } from '@hireloop/platform/ai';
import { signedInOnly } from '@hireloop/platform/http/auth';
import type { RateLimitRule } from '@hireloop/platform/rate-limit/types';
import { ResumeReadersBusyError, ResumeReadTimedOutError, type ResumeReader } from '@hireloop/platform/resume-text/extractor';
import { DOC_MEDIA_TYPE, DOCX_MEDIA_TYPE, PDF_MEDIA_TYPE, ResumeFileRejectedError } from '@hireloop/platform/resume-text';
import { checkImageLimits, type ResumeImageMediaType } from '@hireloop/platform/resume-text/image';
import { requireAccount } from '../auth/accounts';
import { limited } from '../auth/throttle';
import type { CommandServiceDeps } from '../shared/deps';

/*
 * POST /api/extract-resume and POST /api/parse-resume (spec part 2 §3, §7; ADR 025): a signed-in
 * candidate uploads a resume (multipart, field "resume") and gets its fields back. Nothing is
 * stored and no event is appended. The file is checked (size, magic bytes, zip limits) and read
 * in a worker thread with a time limit; neither the file nor what it says is ever logged.
 */

/** Reading resumes costs CPU: a person fixing a file retries a few times, a script hundreds. */
export const RESUME_UPLOADS_PER_ACCOUNT: RateLimitRule = { limit: 20, windowMs: 10 * 60_000 };
export const tooManyUploads = (minutes: number) => `You have uploaded many resumes in a short time. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
/** Room for the multipart framing around a file of the largest size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const invalidFileType = `${PROFILE_MESSAGES.invalidFileType}: ${PROFILE_MESSAGES.invalidFileTypeDetail}`;

type Kind = 'pdf' | 'docx' | 'doc' | 'json' | 'image';

const IMAGE_TYPES: Record<ResumeImageMediaType, readonly number[][]> = {
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/webp': [[0x52, 0x49, 0x46, 0x46]],
};
const GENERIC_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);
/** What the routes read, by extension: the same list the file pickers offer (contracts, ADR 048). */
const EXTENSION_TYPES: Record<string, string> = Object.fromEntries(
  Object.values(RESUME_FILE_KINDS).flatMap(({ mediaType, extensions }) => extensions.map((extension) => [extension, mediaType])),
);

/** One file per account is read at a time (ADR 045): a second upload meanwhile waits for the first. */
export const UPLOAD_IN_PROGRESS = 'We are still reading the resume you sent a moment ago. Please wait until it is done, then try again.';
/** When to try again after a refusal for being busy (one file's time budget is 15 s; most take well under 1 s). */
export const BUSY_RETRY_AFTER_SECONDS = 5;
/** Sent as multipart/form-data, as a browser's form does: what to tell a client that sent something else. */
const NOT_MULTIPART = 'Send the resume as multipart/form-data, in the form field "resume".';

/** An answer that is not a success: its status and the message for the uploader. */
type RefusalStatus = 400 | 413 | 415 | 422 | 502 | 503;
class Refusal extends Error {
  constructor(
    readonly status: RefusalStatus,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The type the upload declares: its Content-Type, or its extension when that says nothing. */
const declaredType = (mimetype: string, filename: string) => {
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  if (!GENERIC_TYPES.has(type)) return type === 'image/jpg' ? 'image/jpeg' : type;
  const extension = /\.[a-z0-9]+$/i.exec(filename)?.[0]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? type;
};

const kindOf = (type: string): Kind | null => {
  if (type === PDF_MEDIA_TYPE) return 'pdf';
  if (type === DOCX_MEDIA_TYPE) return 'docx';
  if (type === DOC_MEDIA_TYPE) return 'doc';
  if (type === 'application/json') return 'json';
  if (type in IMAGE_TYPES) return 'image';
  return null;
};

const startsWith = (bytes: Uint8Array, magic: readonly number[]) => bytes.length >= magic.length && magic.every((byte, i) => bytes[i] === byte);

/** The signature, then the header's pixel count (ADR 048): a pixel bomb is refused before any worker decodes it. */
const checkImage = async (bytes: Uint8Array, type: ResumeImageMediaType) => {
  const ok = IMAGE_TYPES[type].some((magic) => startsWith(bytes, magic)) && (type !== 'image/webp' || new TextDecoder().decode(bytes.subarray(8, 12)) === 'WEBP');
  if (!ok) throw new Refusal(415, PROFILE_MESSAGES.resumeTypeMismatch);
  try {
    await checkImageLimits(bytes, type);
  } catch (error) {
    if (error instanceof ResumeFileRejectedError) {
      const [status, message] = REFUSALS[error.reason];
      throw new Refusal(status, message);
    }
    throw error;
  }
};

/** Refuses a request announcing a body far past the limit before a byte of it is read. */
const announcedTooLarge = async (request: FastifyRequest, reply: FastifyReply) => {
  const length = Number(request.headers['content-length']);
  if (Number.isFinite(length) && length > RESUME_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    reply.header('connection', 'close');
    await reply.code(413).send({ success: false, data: null, error: PROFILE_MESSAGES.resumeTooLarge });
  }
};

/** The one file of field "resume", read up to the size limit (the parser stops there). */
async function receiveFile(request: FastifyRequest): Promise<{ bytes: Buffer; type: string }> {
  if (!request.isMultipart()) throw new Refusal(400, NOT_MULTIPART);
  let part;
  try {
    part = await request.file({ limits: { fileSize: RESUME_MAX_BYTES, files: 1, fields: 10, parts: 20, headerPairs: 200 } });
  } catch {
    throw new Refusal(400, PROFILE_MESSAGES.resumeMissing);
  }
  if (!part || part.fieldname !== 'resume') throw new Refusal(400, PROFILE_MESSAGES.resumeMissing);
  try {
    const bytes = await part.toBuffer();
    return { bytes, type: declaredType(part.mimetype, part.filename) };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new Refusal(413, PROFILE_MESSAGES.resumeTooLarge);
    throw new Refusal(400, PROFILE_MESSAGES.resumeMissing);
  }
}

const REFUSALS = {
  'type-mismatch': [415, PROFILE_MESSAGES.resumeTypeMismatch],
  empty: [400, PROFILE_MESSAGES.resumeEmpty],
  'password-protected': [422, PROFILE_MESSAGES.resumePasswordProtected],
  'unsupported-type': [415, invalidFileType],
  'too-large-uncompressed': [422, PROFILE_MESSAGES.resumeTooComplex],
  'too-many-entries': [422, PROFILE_MESSAGES.resumeTooComplex],
  'image-too-large': [422, PROFILE_MESSAGES.resumeImageTooLarge],
  'too-complex': [422, PROFILE_MESSAGES.resumeTooComplex],
  unreadable: [422, PROFILE_MESSAGES.resumeUnreadable],
} as const satisfies Record<string, readonly [RefusalStatus, string]>;

export interface ResumeRouteDeps {
  deps: CommandServiceDeps;
  ai: AiPort;
  reader: ResumeReader;
}

/** Reads a PDF or DOCX in the worker; the fields come from the worker (local) or the AI port. */
async function extractDocument({ ai, reader, deps }: ResumeRouteDeps, bytes: Uint8Array, type: string): Promise<ExtractedResume> {
  let outcome;
  try {
    outcome = await reader.read(bytes, type, { extractLocallyAt: ai.provider === 'local' ? deps.clock.now() : null });
  } catch (error) {
    if (error instanceof ResumeReadTimedOutError) throw new Refusal(422, PROFILE_MESSAGES.resumeTimedOut);
    if (error instanceof ResumeReadersBusyError) throw new Refusal(503, PROFILE_MESSAGES.parseFailedDetail, BUSY_RETRY_AFTER_SECONDS);
    throw error;
  }
  if (!outcome.ok) {
    const [status, message] = REFUSALS[outcome.reason];
    throw new Refusal(status, message);
  }
  if (!hasReadableText(outcome.text)) throw new Refusal(422, PROFILE_MESSAGES.resumeUnreadable);
  return outcome.extracted ?? (await askAi(() => ai.extractResume(outcome.text)));
}

/**
 * Whether the text holds words at all: a scan without a text layer reads as nothing, and a PDF
 * whose fonts map glyphs to no letters reads as a few stray symbols. Either gets the "no text"
 * answer (issue 21 item 4), never an empty form.
 */
export const hasReadableText = (text: string) => (text.match(/\p{L}{2,}/gu) ?? []).length >= 3;

const askAi = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    // The reason (status, shape) is for operators; the uploader hears the spec's words.
    if (error instanceof AiServiceError) throw new Refusal(502, PROFILE_MESSAGES.parseFailedDetail);
    throw error;
  }
};

async function extract(route: ResumeRouteDeps, bytes: Buffer, type: string, accept: ReadonlySet<string>): Promise<ExtractedResume> {
  const kind = kindOf(type);
  if (kind === null || !accept.has(type)) throw new Refusal(415, invalidFileType);
  if (kind === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new Refusal(415, PROFILE_MESSAGES.resumeTypeMismatch);
    }
    const resume = JsonResume.safeParse(parsed);
    if (!resume.success) throw new Refusal(400, 'This JSON file is not a JSON Resume (jsonresume.org): check its basics, work, education and skills.');
    return jsonResumeToExtracted(resume.data, route.deps.clock.now());
  }
  if (kind === 'image') {
    await checkImage(bytes, type as ResumeImageMediaType);
    // An adapter with vision (openai) reads the picture itself; the offline one reads OCR's text
    // in the worker (ADR 048).
    const { ai } = route;
    if (ai.extractResumeFromImage) return askAi(() => ai.extractResumeFromImage!({ bytes, mediaType: type }));
  }
  return extractDocument(route, bytes, type);
}

/**
 * A candidate's upload, counted against their allowance, and the account's one file in flight
 * (ADR 045): a second upload while the first is received or read is refused at once, so one
 * account never holds more than one reader. Companies have no use for it (ADR 025). Returns the
 * release of the account's slot, for when the answer is known.
 */
async function admitUpload(deps: CommandServiceDeps, request: FastifyRequest, inFlight: Set<string>): Promise<() => void> {
  const account = await requireAccount(deps, request);
  if (account.type !== 'candidate') throw new DomainError('forbidden', PROFILE_MESSAGES.candidatesOnly);
  if (inFlight.has(account.userId)) throw new DomainError('rate_limited', UPLOAD_IN_PROGRESS, BUSY_RETRY_AFTER_SECONDS);
  inFlight.add(account.userId);
  const release = () => inFlight.delete(account.userId);
  try {
    const state = await deps.rateLimiter.hit(`resume:upload:user:${account.userId}`, RESUME_UPLOADS_PER_ACCOUNT, deps.clock.now());
    if (state.count > RESUME_UPLOADS_PER_ACCOUNT.limit) throw limited(state, tooManyUploads);
  } catch (error) {
    release();
    throw error;
  }
  return release;
}

/** OpenAPI: each refusal with what it means, in the shape the route answers it. */
const REFUSAL_DESCRIPTIONS = {
  400: 'No file in form field "resume", a body that is not multipart/form-data or is broken, or a .json file that is not a JSON Resume.',
  401: 'Not signed in.',
  403: 'Not a candidate account.',
  413: 'The file is larger than 5 MB.',
  415: 'The file type is not accepted, its bytes are not the type it declares, or the body is not multipart/form-data.',
  422: 'The file could not be read: no text, too complex (zip limits, pages, memory), an image of more than 40 megapixels, or it took too long.',
  429: 'Too many uploads from this account, or its previous file is still being read (Retry-After).',
  502: 'The AI service failed.',
  503: 'Every resume reader is busy; try again shortly (Retry-After).',
} as const;
const refusals = <Schema>(schema: Schema) => {
  const answer = (code: keyof typeof REFUSAL_DESCRIPTIONS) => ({ description: REFUSAL_DESCRIPTIONS[code], content: { 'application/json': { schema } } });
  return { 400: answer(400), 413: answer(413), 415: answer(415), 422: answer(422), 502: answer(502), 503: answer(503) };
};
/** extract-resume answers every failure as `{ success: false, data: null, error }` (spec part 2 §7). */
const ExtractResumeRefusal = ExtractResumeResponse.extend({ success: z.literal(false), data: z.null(), error: z.string() });

const mediaTypes = (kinds: readonly ResumeFileKind[]): ReadonlySet<string> => new Set(kinds.map((kind) => RESUME_FILE_KINDS[kind].mediaType));
const DOCUMENTS = mediaTypes(PARSE_RESUME_KINDS);
const EVERYTHING = mediaTypes(EXTRACT_RESUME_KINDS);

/** The wizard's prefill (spec §3): the extraction's fields under the profile form's names. */
export const toParseResult = (resume: ExtractedResume): ResumeParseResult => ({
  jobTitle: resume.experience[0]?.title ?? '',
  skills: [...resume.skills.technical, ...resume.skills.soft],
  experience: resume.totalExperience,
  location: resume.personalInfo.location,
  bio: resume.summary,
  phone: resume.personalInfo.phone,
  email: resume.personalInfo.email,
  education: resume.education.map((entry) => `${entry.degree} - ${entry.institution}`).join(', '),
  workHistory: resume.experience,
});

const refuse = (reply: FastifyReply, refusal: Refusal, body: object) => {
  if (refusal.retryAfterSeconds !== undefined) reply.header('retry-after', String(refusal.retryAfterSeconds));
  return reply.code(refusal.status).send(body);
};

export const resumeRoutes: FastifyPluginAsyncZod<ResumeRouteDeps> = async (app, route) => {
  // Scoped to these routes: nowhere else accepts multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: RESUME_MAX_BYTES, files: 1 } });
  const { deps } = route;
  const inFlight = new Set<string>();
  // Errors answered before a handler runs (a body in a type no parser takes, JSON that does not
  // parse) go to the app's one error handler; here only the words for a body that is not a form
  // are upload's.
  const appErrorHandler = app.errorHandler;
  app.setErrorHandler(function uploadErrors(error, request, reply) {
    const { code, name, statusCode } = error as { code?: string; name?: string; statusCode?: number };
    if (code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return reply.code(415).send({ success: false, error: NOT_MULTIPART });
    if (code === 'FST_ERR_CTP_INVALID_JSON_BODY' || code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || (name === 'SyntaxError' && statusCode === 400)) {
      return reply.code(400).send({ success: false, error: NOT_MULTIPART });
    }
    return appErrorHandler.call(this, error, request, reply);
  });
  // ...and extract-resume answers those in its own shape too: the error body plus `data: null`.
  app.addHook('preSerialization', async (request, reply, payload) => {
    const failed = reply.statusCode >= 400 && request.routeOptions.url === '/api/extract-resume';
    return failed && typeof payload === 'object' && payload !== null && !('data' in payload) ? { ...payload, data: null } : payload;
  });
  // The file is streamed from the form field "resume" (no body schema to validate): the document shows that body (cli/src/openapi.ts).
  const openApiBody = { consumes: ['multipart/form-data'], 'x-multipart-file': 'resume' };
  const upload = {
    onRequest: [signedInOnly, announcedTooLarge],
    config: { idempotency: false },
  };

  app.post(
    '/api/extract-resume',
    {
      ...upload,
      schema: {
        tags: ['profiles'],
        summary: 'Read a resume (PDF, Word .docx, JSON Resume, or a PNG, JPEG or WebP image) into the extracted-resume shape',
        ...openApiBody,
        response: {
          200: ExtractResumeResponse,
          ...refusals(ExtractResumeRefusal),
          401: { description: REFUSAL_DESCRIPTIONS[401], content: { 'application/json': { schema: ExtractResumeRefusal } } },
          403: { description: REFUSAL_DESCRIPTIONS[403], content: { 'application/json': { schema: ExtractResumeRefusal } } },
          429: { description: REFUSAL_DESCRIPTIONS[429], content: { 'application/json': { schema: ExtractResumeRefusal } } },
        },
      },
    },
    async (request, reply) => {
      const release = await admitUpload(deps, request, inFlight);
      try {
        const { bytes, type } = await receiveFile(request);
        const data = await extract(route, bytes, type, EVERYTHING);
        return { success: true, data, error: null };
      } catch (error) {
        if (error instanceof Refusal) return refuse(reply, error, { success: false, data: null, error: error.message });
        throw error;
      } finally {
        release();
      }
    },
  );

  app.post(
    '/api/parse-resume',
    {
      ...upload,
      schema: {
        tags: ['profiles'],
        summary: "Read a PDF or Word resume into the profile wizard's fields",
        ...openApiBody,
        response: { 200: ResumeParseResult, ...refusals(ErrorBody), 401: ErrorBody, 403: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const release = await admitUpload(deps, request, inFlight);
      try {
        const { bytes, type } = await receiveFile(request);
        return toParseResult(await extract(route, bytes, type, DOCUMENTS));
      } catch (error) {
        if (error instanceof Refusal) return refuse(reply, error, { success: false, error: error.message });
        throw error;
      } finally {
        release();
      }
    },
  );
};
