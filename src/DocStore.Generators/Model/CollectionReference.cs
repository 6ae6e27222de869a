namespace DocStore.Generators.Model;

/// <summary>The little a context needs about one collection: its property name and generated class.</summary>
/// <param name="CollectionName">The property name (<c>People</c>).</param>
/// <param name="CollectionClassName">The fully qualified generated collection class.</param>
/// <param name="IsPublic">True when the collection class is public.</param>
/// <param name="DocumentType">The fully qualified document type (<c>global::Ns.Person</c>), matched against <see cref="ContextModel.DocumentTypes"/>.</param>
internal sealed record CollectionReference(string CollectionName, string CollectionClassName, bool IsPublic, string DocumentType);
