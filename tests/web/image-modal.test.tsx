import { fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { ImageModal } from '#src/components/image-modal.tsx'
import { renderInApp } from './helpers.tsx'

const IMAGES = [
  { src: '/api/uploads/orders/1/a.webp', alt: 'Кухня: фото 1 из 3' },
  { src: '/api/uploads/orders/1/b.webp', alt: 'Кухня: фото 2 из 3' },
  { src: '/api/uploads/orders/1/c.webp', alt: 'Кухня: фото 3 из 3' },
]

function Gallery() {
  const [index, setIndex] = useState<number | null>(null)
  return (
    <>
      <button type="button" onClick={() => setIndex(0)}>
        Открыть
      </button>
      <ImageModal images={IMAGES} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />
    </>
  )
}

describe('ImageModal', () => {
  it('pages through the photos with the buttons and the arrow keys, round the ends', async () => {
    const user = userEvent.setup()
    renderInApp(<Gallery />)
    await user.click(await screen.findByRole('button', { name: 'Открыть' }))
    const dialog = screen.getByRole('dialog', { name: 'Фото 1 из 3' })
    expect(within(dialog).getByRole('img').getAttribute('alt')).toBe('Кухня: фото 1 из 3')
    await user.click(within(dialog).getByRole('button', { name: /Следующее фото/ }))
    expect(screen.getByRole('dialog', { name: 'Фото 2 из 3' })).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: /Предыдущее фото/ }))
    await user.click(within(dialog).getByRole('button', { name: /Предыдущее фото/ }))
    expect(screen.getByRole('dialog', { name: 'Фото 3 из 3' })).toBeTruthy()
    fireEvent.keyDown(within(dialog).getByRole('img'), { key: 'ArrowRight' })
    expect(screen.getByRole('dialog', { name: 'Фото 1 из 3' })).toBeTruthy()
  })

  it('closes on Escape and on its close button', async () => {
    const user = userEvent.setup()
    renderInApp(<Gallery />)
    await user.click(await screen.findByRole('button', { name: 'Открыть' }))
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }))
    expect(screen.queryByRole('dialog')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Открыть' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Закрыть' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
