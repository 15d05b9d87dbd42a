import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import type { MainClient } from '../../api/main-client'
import SchedulingModal from '../../ui/landing/scheduling-modal'
import { useLandingSettings } from './landing-settings'

const titles = {
  call: msg`Book a 30-minute call`,
  meeting: msg`Book a 30-minute meeting with our expert`,
}

/**
 * The scheduling widget at the configured scheduling page (a chunk of its own, on demand): the
 * header's 30-minute call or the hero's 30-minute meeting with an expert.
 */
export default function Scheduling({
  api,
  kind,
  onClose,
}: {
  api: MainClient
  kind: keyof typeof titles
  onClose: () => void
}) {
  const { t } = useLingui()
  const settings = useLandingSettings(api)
  if (!settings) return null
  return <SchedulingModal url={settings.schedulingUrl} title={t(titles[kind])} onClose={onClose} />
}
