namespace DocStore.Generators.Model;

/// <summary>A user's <c>partial class X : DocStoreContext</c>.</summary>
/// <param name="Namespace">The namespace, or empty.</param>
/// <param name="Name">The class name.</param>
/// <param name="Accessibility">The declared accessibility keyword(s).</param>
internal sealed record ContextModel(string Namespace, string Name, string Accessibility);
