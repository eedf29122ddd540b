// Analysis never reads it: the rule tests plan actions, they run none.
func.func @f() {
  return
}
