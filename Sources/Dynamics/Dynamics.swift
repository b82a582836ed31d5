enum DynamicsPlaceholder {}
