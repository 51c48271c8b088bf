package org.gridrmi.processor;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.PrimitiveType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic;

/**
 * Writes the async view {@code NameAsync} of every {@code @GridService} interface {@code Name}, what {@code rmic}
 * did for stubs: parameters of reference type become {@code RemoteReference<T>} (except tasks and
 * {@code @ByValue} ones), primitives stay values, results become {@code RemoteReference} of the boxed result.
 *
 * <p>A service it cannot map is a compile error on the offending method that says how to fix it (see
 * {@link ServiceRules}). The processor needs nothing but the JDK: it names GridRMI's types by their names, which
 * the compiled code finds in {@code remote-ref}.
 */
@SupportedAnnotationTypes(AsyncViewProcessor.GRID_SERVICE)
public final class AsyncViewProcessor extends AbstractProcessor {
  static final String GRID_SERVICE = "org.gridrmi.ref.GridService";
  private static final String REF = "org.gridrmi.ref.RemoteReference";

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    ServiceRules rules = new ServiceRules(processingEnv);
    for (TypeElement a : annotations) {
      for (Element e : round.getElementsAnnotatedWith(a)) {
        if (e.getKind() != ElementKind.INTERFACE) {
          error(
              e,
              "@GridService goes on an interface; " + e.getSimpleName() + " is a " + e.getKind()
                  + ": annotate the interface it implements instead");
        } else if (!((TypeElement) e).getTypeParameters().isEmpty()) {
          error(
              e,
              "@GridService interface " + e.getSimpleName()
                  + " must not be generic: remove its type "
                  + "parameters and make the methods that need them generic (<T> T f(T x))");
        } else {
          write((TypeElement) e, rules);
        }
      }
    }
    return true;
  }

  private void write(TypeElement service, ServiceRules rules) {
    String pkg =
        processingEnv.getElementUtils().getPackageOf(service).getQualifiedName().toString();
    String name = service.getSimpleName() + "Async";
    StringBuilder body = new StringBuilder();
    Map<String, ExecutableElement> signatures = new HashMap<>();
    boolean ok = true;
    for (ExecutableElement method : methods(service)) {
      if (!rules.check(service, method)) {
        ok = false;
        continue;
      }
      List<String> erased = new ArrayList<>();
      String params = method.getParameters().stream()
          .map(p -> {
            boolean byRef = rules.byReference(p);
            erased.add(
                byRef ? REF : processingEnv.getTypeUtils().erasure(p.asType()).toString());
            return (byRef ? REF + "<" + p.asType() + ">" : p.asType().toString()) + " "
                + p.getSimpleName();
          })
          .collect(Collectors.joining(", "));
      String signature = method.getSimpleName() + "(" + String.join(",", erased) + ")";
      ExecutableElement clash = signatures.put(signature, method);
      if (clash != null) {
        error(
            method,
            "methods " + clash + " and " + method + " of " + service.getSimpleName()
                + " collide in "
                + name + " (both become " + signature
                + "): give one of them another name, or mark a parameter "
                + "that differs @ByValue so it stays a value");
        ok = false;
        continue;
      }
      body.append("  /** Async form of {@link ")
          .append(service.getSimpleName())
          .append("#")
          .append(method.getSimpleName())
          .append("}: returns at once; the call runs on the server. */\n  ")
          .append(typeParameters(method))
          .append(REF)
          .append("<")
          .append(boxed(method.getReturnType()))
          .append("> ")
          .append(method.getSimpleName())
          .append("(")
          .append(params)
          .append(");\n\n");
    }
    if (!ok) return; // the errors name what to fix; a half view would only add errors of its own
    String source = (pkg.isEmpty() ? "" : "package " + pkg + ";\n\n")
        + "/** The async view of {@link " + service.getSimpleName()
        + "}, generated by GridRMI. */\n"
        + "@javax.annotation.processing.Generated(\"" + getClass().getName() + "\")\n"
        + "@org.gridrmi.ref.AsyncViewOf(" + service.getQualifiedName() + ".class)\n"
        + "public interface " + name + " extends org.gridrmi.ref.AsyncView<"
        + service.getQualifiedName() + "> {\n\n"
        + body + "}\n";
    try (Writer w = processingEnv
        .getFiler()
        .createSourceFile(pkg.isEmpty() ? name : pkg + "." + name, service)
        .openWriter()) {
      w.write(source);
    } catch (IOException e) {
      error(service, "cannot write " + name + ": " + e);
    }
  }

  /** The service's instance methods, inherited ones included, in declaration order. */
  private List<ExecutableElement> methods(TypeElement service) {
    List<ExecutableElement> methods = new ArrayList<>();
    for (Element m : processingEnv.getElementUtils().getAllMembers(service)) {
      if (m.getKind() == ElementKind.METHOD
          && !m.getModifiers().contains(Modifier.STATIC)
          && !m.getEnclosingElement().toString().equals("java.lang.Object")) {
        methods.add((ExecutableElement) m);
      }
    }
    return methods;
  }

  private String boxed(TypeMirror t) {
    if (t.getKind() == TypeKind.VOID) return "java.lang.Void";
    if (t.getKind().isPrimitive()) {
      return processingEnv
          .getTypeUtils()
          .boxedClass((PrimitiveType) t)
          .getQualifiedName()
          .toString();
    }
    return t.toString();
  }

  private static String typeParameters(ExecutableElement m) {
    if (m.getTypeParameters().isEmpty()) return "";
    List<String> ps = new ArrayList<>();
    for (TypeParameterElement tp : m.getTypeParameters()) {
      List<String> bounds = tp.getBounds().stream()
          .map(TypeMirror::toString)
          .filter(b -> !b.equals("java.lang.Object"))
          .toList();
      ps.add(
          tp.getSimpleName() + (bounds.isEmpty() ? "" : " extends " + String.join(" & ", bounds)));
    }
    return "<" + String.join(", ", ps) + "> ";
  }

  private void error(Element e, String message) {
    processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, e);
  }
}
