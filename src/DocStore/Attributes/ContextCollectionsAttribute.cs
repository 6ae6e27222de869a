namespace DocStore;

/// <summary>
/// Limits a <see cref="DocStoreContext"/> to the listed <c>[Collection]</c> types: the generator gives the
/// context a property for each of them and no other, and opening it creates only their trees. Without
/// this attribute a context has every collection of the compilation; with an empty list it has none
/// (untyped collections and SQL only). A listed type that is not a collection is reported as DOCS023.
/// </summary>
[AttributeUsage(AttributeTargets.Class, AllowMultiple = false, Inherited = false)]
public sealed class ContextCollectionsAttribute : Attribute
{
    /// <summary>Lists the document types whose collections the context has.</summary>
    /// <param name="documentTypes">Types marked <c>[Collection]</c>.</param>
    public ContextCollectionsAttribute(params Type[] documentTypes) => DocumentTypes = documentTypes;

    /// <summary>The listed document types.</summary>
    public IReadOnlyList<Type> DocumentTypes { get; }
}
