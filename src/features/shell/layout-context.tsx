import { createContext, useContext } from 'react'

/** True inside one of the four layouts; error pages use it to bring their own frame when they render outside one. */
export const InLayout = createContext(false)

export function useInLayout(): boolean {
  return useContext(InLayout)
}
