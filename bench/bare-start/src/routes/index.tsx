import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/')({
  component: function Home() {
    return (
      <main>
        <h1>Hello from a bare TanStack Start page</h1>
        <p>One route, rendered on the server, hydrated in the browser.</p>
      </main>
    )
  },
})
