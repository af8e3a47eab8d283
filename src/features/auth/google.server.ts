import { startGoogleSignIn } from '~/server/web/google-sign-in'

/** `GET /authenticate/google/start`: the server handler of that route (src/routes/authenticate.google.start.ts). */
export const googleStartHandler = ({ request }: { request: Request }) => startGoogleSignIn(request)
