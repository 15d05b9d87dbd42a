/* global window, document */
/**
 * The Paybis sandbox widget (body data-step="widget") and its payment step (data-step="payment").
 * It posts the widget's events to the framing page in Paybis's shape {name, payload}
 * (docs/product/providers/paybis.md#widget-events), some as JSON strings as Paybis does, to our
 * own origin only:
 * opened, loaded, payment-redirect {url} (the parent changes the frame's address to it),
 * completed / rejected / cancelled {requestId, status}, error {message, type} and closed.
 */
'use strict'
;(() => {
  const params = new URLSearchParams(window.location.search)
  const requestId = params.get('requestId') || ''
  const oneTimeToken = params.get('oneTimeToken') || ''
  const step = document.body.dataset.step
  const origin = window.location.origin
  const framed = window.parent !== window
  const $ = (id) => document.getElementById(id)

  function emit(name, payload = {}, asString = false) {
    if (!framed) return
    const message = { name, payload }
    window.parent.postMessage(asString ? JSON.stringify(message) : message, origin)
  }

  function say(text, isError = false) {
    $('message').textContent = text
    $('message').classList.toggle('error', isError)
  }

  async function call(action, body) {
    const response = await fetch(`/sandbox/paybis/widget/api/${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ requestId, ...body }),
    })
    const data = await response.json().catch(() => ({}))
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`)
    return data
  }

  function fail(error) {
    say(error.message, true)
    emit('error', { message: error.message, type: 'sandbox' })
  }

  $('close').addEventListener('click', () => emit('closed'))

  if (step === 'widget') {
    emit('opened')
    if (!requestId) {
      fail(new Error('requestId is missing from the widget address.'))
      return
    }
    call('load', oneTimeToken ? { oneTimeToken } : {}).then((request) => {
      say(
        request.email
          ? `Signed in as ${request.email}${oneTimeToken ? ' (one-time token)' : ''}.`
          : 'Enter the amount to buy.',
      )
      $('buy').hidden = false
      emit('loaded', { requestId }, true)
    }, fail)
    $('buy').addEventListener('submit', (event) => {
      event.preventDefault()
      $('pay').disabled = true
      call('pay', {
        amount: $('amount').value,
        currencyFrom: $('currencyFrom').value,
        currencyTo: $('currencyTo').value,
      }).then(
        () => {
          const url = new URL('/sandbox/paybis/payment', origin)
          url.searchParams.set('requestId', requestId)
          emit('payment-redirect', { url: url.toString() })
          // Opened on its own (not framed), the widget follows the redirect itself.
          if (!framed) window.location.assign(url.toString())
        },
        (error) => {
          $('pay').disabled = false
          fail(error)
        },
      )
    })
  } else {
    call('load', {}).then((request) => {
      const order = request.order
      say(
        order
          ? `Pay ${order.amount} ${order.currencyFrom} for ${order.currencyTo} with the test card ending 4242.`
          : 'Confirm the payment with the test card ending 4242.',
      )
      $('outcomes').hidden = false
    }, fail)
    const finish = (outcome, text) => () => {
      for (const id of ['confirm', 'decline', 'cancel']) $(id).disabled = true
      call('confirm', { outcome }).then((request) => {
        say(text)
        emit(outcome, { requestId, status: request.status })
      }, fail)
    }
    $('confirm').addEventListener(
      'click',
      finish('completed', 'Payment completed. You can close this window.'),
    )
    $('decline').addEventListener('click', finish('rejected', 'The payment was declined.'))
    $('cancel').addEventListener('click', finish('cancelled', 'The payment was cancelled.'))
  }
})()
