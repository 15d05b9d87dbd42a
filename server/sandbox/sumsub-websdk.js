/* global window, document */
/**
 * The Sumsub sandbox verification page. It speaks the WebSDK iframe's postMessage protocol
 * (docs/product/providers/sumsub.md#websdk-message-protocol) with the page that frames it:
 * - to the parent: idCheck.onReady, idCheck.onInitialized, idCheck.onResize,
 *   idCheck.onApplicantLoaded, idCheck.onApplicantSubmitted, idCheck.onApplicantStatusChanged,
 *   idCheck.onApplicantReviewComplete and idCheck.onError ({code: 'invalid-token'} when the token
 *   has expired), each with frameId and sessionId;
 * - from the parent: {method: 'idCheck.init', accessToken} (when no ?accessToken= was given) and
 *   {method: 'idCheck.updateAccessToken', accessToken} with a fresh token (null plus `error` when
 *   the parent could not get one), as the real SDK's expirationHandler answers invalid-token.
 * Messages go to and are accepted from our own origin only.
 */
'use strict'
;(() => {
  const params = new URLSearchParams(window.location.search)
  const origin = window.location.origin
  const frameId = params.get('_') || 'sandbox-websdk'
  const sessionId = `sbx-${Math.random().toString(36).slice(2, 12)}`
  const framed = window.parent !== window
  let token = params.get('accessToken') || ''
  let waitingAction = null
  let lastStatus = null
  let initialized = false
  let expiryTimer = 0

  const $ = (id) => document.getElementById(id)
  const buttons = { submit: $('submit'), approve: $('approve'), reject: $('reject') }

  function post(method, payload = {}) {
    if (framed) window.parent.postMessage({ ...payload, method, frameId, sessionId }, origin)
  }

  function say(text, isError = false) {
    $('message').textContent = text
    $('message').classList.toggle('error', isError)
  }

  function enable(state) {
    const status = state ? state.reviewStatus : null
    const rejected = state && state.reviewResult && state.reviewResult.reviewAnswer === 'RED'
    buttons.submit.disabled = !(status === 'init' || (status === 'completed' && rejected))
    buttons.approve.disabled = !status || status === 'completed'
    buttons.reject.disabled = !status || status === 'completed'
  }

  function tokenExpired(action) {
    waitingAction = action
    clearTimeout(expiryTimer)
    enable(null)
    say('The session has expired: waiting for a new access token from the page…')
    post('idCheck.onError', { code: 'invalid-token', error: 'Access token is invalid or expired' })
  }

  function describe(state) {
    if (state.reviewStatus === 'completed')
      return state.reviewResult && state.reviewResult.reviewAnswer === 'GREEN'
        ? 'completed: approved (GREEN)'
        : 'completed: rejected (RED)'
    return state.reviewStatus
  }

  function render(state, action) {
    $('title').textContent =
      state.applicantType === 'company'
        ? 'Business verification (KYB)'
        : 'Identity verification (KYC)'
    $('level').textContent = state.levelName
    $('applicant').textContent = state.applicantId
    $('status').textContent = describe(state)
    enable(state)
    const webhook =
      state.webhookStatus === undefined
        ? ''
        : state.webhookStatus === 200
          ? ' The server received the webhook.'
          : ` The webhook was not accepted (HTTP ${state.webhookStatus}).`
    const loaded = {
      init: 'Ready. Submit the documents, then approve or reject them.',
      pending: 'Documents submitted: approve or reject them.',
      completed: 'The review is complete.',
    }
    say(
      ({
        load: loaded[state.reviewStatus] || `Status: ${state.reviewStatus}.`,
        submit: 'Documents submitted: waiting for the review.',
        approve: 'Approved.',
        reject: 'Rejected.',
      }[action] || '') + webhook,
      state.webhookStatus !== undefined && state.webhookStatus !== 200,
    )
    if (!initialized) {
      initialized = true
      post('idCheck.onInitialized')
      post('idCheck.onResize', { height: document.documentElement.scrollHeight })
      post('idCheck.onApplicantLoaded', { applicantId: state.applicantId })
    }
    if (action === 'submit') post('idCheck.onApplicantSubmitted')
    if (state.reviewStatus !== lastStatus) {
      lastStatus = state.reviewStatus
      post('idCheck.onApplicantStatusChanged', {
        applicantId: state.applicantId,
        levelName: state.levelName,
        reprocessing: false,
        autoChecked: false,
        reviewStatus: state.reviewStatus,
        ...(state.reviewResult ? { reviewResult: state.reviewResult } : {}),
      })
      if (state.reviewStatus === 'completed')
        post('idCheck.onApplicantReviewComplete', { authCode: '', redirectUrl: '' })
    }
    clearTimeout(expiryTimer)
    const left = Date.parse(state.expiresAt) - Date.now()
    expiryTimer = setTimeout(() => tokenExpired(null), Math.max(0, Math.min(left, 2 ** 31 - 1)))
  }

  async function run(action) {
    if (!token) {
      tokenExpired(action)
      return
    }
    enable(null)
    let response
    let body
    try {
      response = await fetch(`/sandbox/sumsub/websdk/api/${action}`, {
        method: 'POST',
        headers: { 'x-access-token': token },
      })
      body = await response.json()
    } catch {
      say('The sandbox did not answer. Try again.', true)
      enable({ reviewStatus: lastStatus })
      return
    }
    if (response.status === 401) {
      tokenExpired(action)
      return
    }
    if (!response.ok) {
      say(body.description || body.error || 'The sandbox refused this step.', true)
      post('idCheck.onError', {
        code: 'sandbox-error',
        error: String(body.description || body.error),
      })
      return
    }
    render(body, action)
  }

  window.addEventListener('message', (event) => {
    if (event.origin !== origin || event.source !== window.parent) return
    const data = event.data
    if (!data || typeof data !== 'object') return
    if (data.method === 'idCheck.init' && typeof data.accessToken === 'string' && !token) {
      token = data.accessToken
      void run('load')
    } else if (data.method === 'idCheck.updateAccessToken') {
      if (typeof data.accessToken === 'string' && data.accessToken !== '') {
        token = data.accessToken
        const action = waitingAction || 'load'
        waitingAction = null
        void run(action)
      } else {
        say(`The access token could not be renewed${data.error ? `: ${data.error}` : ''}.`, true)
      }
    }
  })

  buttons.submit.addEventListener('click', () => void run('submit'))
  buttons.approve.addEventListener('click', () => void run('approve'))
  buttons.reject.addEventListener('click', () => void run('reject'))

  post('idCheck.onReady')
  if (token) void run('load')
  else say('Waiting for an access token from the page…')
})()
