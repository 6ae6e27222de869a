namespace DocStore.Generators.Model;

/// <summary>A user's <c>partial class X : DocStoreContext</c>.</summary>
/// <param name="Namespace">The namespace, or empty.</param>
/// <param name="Name">The class name.</param>
/// <param name="Accessibility">The declared accessibility keyword(s).</param>
/// <param name="ListsCollections">True when it has <c>[ContextCollections]</c>; false when it takes every collection of the compilation.</param>
/// <param name="DocumentTypes">The fully qualified document types the attribute lists (<c>global::Ns.Person</c>).</param>
internal sealed record ContextModel(string Namespace, string Name, string Accessibility, bool ListsCollections, EquatableArray<string> DocumentTypes);
