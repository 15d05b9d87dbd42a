/**
 * What each machine needs from outside to be played in the flow viewer: its input, and the
 * samples of src/flows/fixtures/ for the events that carry data and for its actors' outcomes —
 * the same samples its path tests send, so what one clicks through the other has tested.
 */
import type { AnyEventObject } from 'xstate'
import { forgotPasswordSchema } from '../machines/forms/forgot-password-form.machine'
import { loginSchema } from '../machines/forms/login-form.machine'
import { newPasswordSchema } from '../machines/forms/new-password-form.machine'
import { registerSchema } from '../machines/forms/register-form.machine'
import type { FieldValue, FormSchema } from '../machines/forms/validation'
import {
  kybVerificationMachine,
  kycVerificationMachine,
} from '../machines/verification/verification.machine'
import { authEvents } from './fixtures/auth'
import { authenticatorAppEvents } from './fixtures/authenticator-app'
import { changePasswordEvents } from './fixtures/change-password'
import { consentEvents } from './fixtures/consent'
import { converterEvents } from './fixtures/converter'
import { endSessionEvents, endSessionToken } from './fixtures/end-session'
import {
  forgotPasswordFixture,
  formEvents,
  loginFixture,
  newPasswordFixture,
  registerFixture,
  type FormSnapshot,
} from './fixtures/forms'
import { headerProfileEvents } from './fixtures/header-profile'
import { loginEvents } from './fixtures/login'
import { myRecordsEvents } from './fixtures/my-records'
import { myRequestEvents } from './fixtures/my-request'
import { myPaymentsEvents } from './fixtures/my-payments'
import { myRequestsEvents, newerRequest } from './fixtures/my-requests'
import { auditInput, opsAuditEvents } from './fixtures/ops-audit'
import { opsConsoleEvents } from './fixtures/ops-console'
import { customerInput, opsCustomerEvents } from './fixtures/ops-customer'
import { actionsInput, opsCustomerActionsEvents } from './fixtures/ops-customer-actions'
import { opsCustomersEvents } from './fixtures/ops-customers'
import {
  opsRequestEvents,
  opsRequestsEvents,
  requestInput,
  requestsInput,
} from './fixtures/ops-requests'
import { opsStaffEvents, staffInput } from './fixtures/ops-staff'
import { requestLifecycleEvents } from './fixtures/request-lifecycle'
import { passkeysEvents } from './fixtures/passkeys'
import { paymentEvents } from './fixtures/payment-widget'
import { profileEvents } from './fixtures/profile'
import { quoteEvents } from './fixtures/quote-wizard'
import { securityEvents } from './fixtures/security'
import { sessionsEvents } from './fixtures/sessions'
import { stepUpEvents } from './fixtures/step-up'
import { verificationEvents } from './fixtures/verification'
import { verifyEmailEvents, verifyEmailToken } from './fixtures/verify-email'

export interface FlowFixtures {
  /** The input the machine starts with, when it takes one. */
  input?: unknown
  /**
   * The samples to offer in a snapshot: the machine's own events (with their payloads) and its
   * actors' outcomes. Without them every event the chart names is offered bare.
   */
  events?(snapshot: unknown): readonly AnyEventObject[]
}

/**
 * A list of samples, or a function of the snapshot (typed by its machine where it is written):
 * the registry below pairs each with its machine by id, which the playability test checks.
 */
function samplesOf(
  events: readonly AnyEventObject[] | ((snapshot: never) => readonly AnyEventObject[]),
) {
  return (snapshot: unknown) => (typeof events === 'function' ? events(snapshot as never) : events)
}

function formSamples<TValues extends Record<string, FieldValue>>(
  schema: FormSchema<TValues>,
  fixture: Omit<Parameters<typeof formEvents<TValues>>[0], 'schema'>,
) {
  return (snapshot: unknown) => formEvents({ schema, ...fixture }, snapshot as FormSnapshot)
}

/** By machine id (the catalog's). */
export const flowFixtures: Readonly<Record<string, FlowFixtures>> = {
  auth: { events: samplesOf(authEvents) },
  authenticatorApp: { events: samplesOf(authenticatorAppEvents) },
  changePassword: { events: samplesOf(changePasswordEvents) },
  consent: { events: samplesOf(consentEvents) },
  converter: { events: samplesOf(Object.values(converterEvents)) },
  endSessionLink: {
    input: { token: endSessionToken },
    events: samplesOf(endSessionEvents),
  },
  forgotPasswordForm: { events: formSamples(forgotPasswordSchema, forgotPasswordFixture) },
  headerProfile: { events: samplesOf(headerProfileEvents) },
  // The viewer plays the headline as a customer who allows motion sees it.
  headline: { input: { animate: true } },
  login: { events: samplesOf(loginEvents) },
  loginForm: { events: formSamples(loginSchema, loginFixture) },
  // One request's page: the route passes the id from the URL.
  myRecords: { events: samplesOf(myRecordsEvents) },
  myRequest: { input: { requestId: newerRequest.id }, events: samplesOf(myRequestEvents) },
  myPayments: { events: samplesOf(myPaymentsEvents) },
  myRequests: { events: samplesOf(myRequestsEvents) },
  newPasswordForm: { events: formSamples(newPasswordSchema, newPasswordFixture) },
  opsAudit: { input: auditInput, events: samplesOf(opsAuditEvents) },
  opsConsole: { events: samplesOf(opsConsoleEvents) },
  opsCustomer: { input: customerInput, events: samplesOf(opsCustomerEvents) },
  opsCustomerActions: { input: actionsInput, events: samplesOf(opsCustomerActionsEvents) },
  opsCustomers: { events: samplesOf(opsCustomersEvents) },
  opsRequest: { input: requestInput, events: samplesOf(opsRequestEvents) },
  opsRequests: { input: requestsInput, events: samplesOf(opsRequestsEvents) },
  opsStaff: { input: staffInput, events: samplesOf(opsStaffEvents) },
  requestLifecycle: { input: {}, events: samplesOf(requestLifecycleEvents) },
  passkeys: { events: samplesOf(passkeysEvents) },
  paymentWidget: { events: samplesOf(paymentEvents) },
  profileForm: { events: samplesOf(profileEvents) },
  quoteWizard: { events: samplesOf(quoteEvents) },
  registerForm: { events: formSamples(registerSchema, registerFixture) },
  security: { events: samplesOf(securityEvents) },
  sessions: { events: samplesOf(sessionsEvents) },
  stepUp: { events: samplesOf(stepUpEvents) },
  kybVerification: { events: samplesOf(verificationEvents(kybVerificationMachine)) },
  kycVerification: { events: samplesOf(verificationEvents(kycVerificationMachine)) },
  // A link's token: the page reads it from the URL.
  verifyEmail: { input: { token: verifyEmailToken }, events: samplesOf(verifyEmailEvents) },
}
