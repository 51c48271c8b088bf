package org.gridrmi.processor;

import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;

/**
 * What a {@code @GridService} method must be for GridRMI to call it remotely, checked at compile time so that a
 * service that cannot work never gets as far as a server: its types travel between JVMs (so classes among them
 * must be serializable), and its async view must be able to state its signature (so it may not use type
 * variables of a generic interface it extends, which the non-generic view has no way to name).
 */
final class ServiceRules {
  private final ProcessingEnvironment env;
  private final Types types;
  private final TypeMirror serializable;
  private final TypeMirror task;

  ServiceRules(ProcessingEnvironment env) {
    this.env = env;
    this.types = env.getTypeUtils();
    this.serializable =
        env.getElementUtils().getTypeElement("java.io.Serializable").asType();
    TypeElement taskElement = env.getElementUtils().getTypeElement("org.gridrmi.ref.Task");
    this.task = taskElement == null ? null : types.erasure(taskElement.asType());
  }

  /** Checks one method; reports every problem as a compile error naming the method and the fix. */
  boolean check(TypeElement service, ExecutableElement method) {
    boolean ok = true;
    String where = service.getSimpleName() + "." + method;
    TypeVariable foreign = foreignTypeVariable(method);
    if (foreign != null) {
      Element owner = ((TypeParameterElement) foreign.asElement()).getGenericElement();
      error(
          service,
          method,
          "method " + where + " uses the type variable " + foreign + " of the generic interface "
              + owner.getSimpleName() + ", which " + service.getSimpleName()
              + "Async cannot express (a view is not "
              + "generic): declare the method in " + service.getSimpleName()
              + " with concrete types instead of "
              + "inheriting it from " + owner.getSimpleName()
              + ", or make it a generic method (<T> T f(T x))");
      ok = false;
    }
    for (VariableElement p : method.getParameters()) {
      TypeMirror bad = notSerializable(p.asType());
      if (bad != null) {
        error(
            service,
            method,
            "parameter " + p.getSimpleName() + " of " + where + " has type " + p.asType()
                + notSerializableFix(p.asType(), bad, "arguments"));
        ok = false;
      }
    }
    TypeMirror bad = notSerializable(method.getReturnType());
    if (bad != null) {
      error(
          service,
          method,
          "the result of " + where + " has type " + method.getReturnType()
              + notSerializableFix(method.getReturnType(), bad, "results"));
      ok = false;
    }
    return ok;
  }

  /** Whether a parameter travels as a reference: not primitive, not a task, not {@code @ByValue}. */
  boolean byReference(VariableElement p) {
    TypeMirror t = p.asType();
    if (t.getKind().isPrimitive()) return false;
    for (var a : p.getAnnotationMirrors()) {
      if (a.getAnnotationType().toString().equals("org.gridrmi.ref.ByValue")) return false;
    }
    return task == null || !types.isAssignable(types.erasure(t), task);
  }

  private static String notSerializableFix(TypeMirror declared, TypeMirror bad, String what) {
    String subject = declared.toString().equals(bad.toString()) ? "which" : "and " + bad;
    String fix = bad.toString().startsWith("java.") || bad.toString().startsWith("javax.")
        ? "use a serializable type instead" // a JDK class cannot be changed
        : "make " + bad + " implement java.io.Serializable, or use a serializable type instead";
    return ", " + subject + " is not java.io.Serializable: GridRMI moves " + what
        + " between JVMs by " + "serialization; " + fix;
  }

  /** The first class in {@code t} (itself, array components, type arguments) that cannot be serialized, or null. */
  private TypeMirror notSerializable(TypeMirror t) {
    if (t.getKind() == TypeKind.ARRAY) return notSerializable(((ArrayType) t).getComponentType());
    if (t.getKind() != TypeKind.DECLARED)
      return null; // primitives, void, type variables (bound at the call)
    DeclaredType d = (DeclaredType) t;
    TypeElement e = (TypeElement) d.asElement();
    String name = e.getQualifiedName().toString();
    boolean isClass = e.getKind() == ElementKind.CLASS
        || e.getKind() == ElementKind.ENUM
        || e.getKind().name().equals("RECORD");
    // Object and Void stand for "any value" and "no value"; interfaces may be implemented by
    // serializable classes
    if (isClass
        && !name.equals("java.lang.Object")
        && !name.equals("java.lang.Void")
        && !types.isAssignable(types.erasure(t), serializable)) {
      return types.erasure(t);
    }
    for (TypeMirror argument : d.getTypeArguments()) {
      TypeMirror bad = notSerializable(
          argument.getKind() == TypeKind.WILDCARD ? wildcardBound(argument) : argument);
      if (bad != null) return bad;
    }
    return null;
  }

  private static TypeMirror wildcardBound(TypeMirror wildcard) {
    TypeMirror bound = ((WildcardType) wildcard).getExtendsBound();
    return bound == null ? wildcard : bound;
  }

  /** A type variable in the method's signature that the method does not declare itself, or null. */
  private static TypeVariable foreignTypeVariable(ExecutableElement method) {
    TypeVariable v = foreign(method.getReturnType(), method, 0);
    for (VariableElement p : method.getParameters()) {
      if (v == null) v = foreign(p.asType(), method, 0);
    }
    return v;
  }

  private static TypeVariable foreign(TypeMirror t, ExecutableElement method, int depth) {
    if (depth > 8) return null;
    switch (t.getKind()) {
      case TYPEVAR -> {
        TypeVariable v = (TypeVariable) t;
        return ((TypeParameterElement) v.asElement()).getGenericElement().equals(method) ? null : v;
      }
      case ARRAY -> {
        return foreign(((ArrayType) t).getComponentType(), method, depth + 1);
      }
      case WILDCARD -> {
        WildcardType w = (WildcardType) t;
        TypeMirror bound = w.getExtendsBound() != null ? w.getExtendsBound() : w.getSuperBound();
        return bound == null ? null : foreign(bound, method, depth + 1);
      }
      case DECLARED -> {
        for (TypeMirror a : ((DeclaredType) t).getTypeArguments()) {
          TypeVariable v = foreign(a, method, depth + 1);
          if (v != null) return v;
        }
        return null;
      }
      default -> {
        return null;
      }
    }
  }

  /** On the method where it is in this compilation; on the service when the method comes from a compiled class. */
  private void error(TypeElement service, ExecutableElement method, String message) {
    Element at = method.getEnclosingElement().equals(service) ? method : service;
    env.getMessager().printMessage(Diagnostic.Kind.ERROR, message, at);
  }
}
