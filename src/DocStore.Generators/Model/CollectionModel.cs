namespace DocStore.Generators.Model;

/// <summary>Everything the emitter needs to generate one collection type's file; no symbols, value equality.</summary>
/// <param name="Namespace">The type's namespace, or empty for the global namespace.</param>
/// <param name="TypeName">The simple type name (<c>Person</c>).</param>
/// <param name="FullTypeName">The fully qualified type name.</param>
/// <param name="IsPublic">True when the type is public (the generated collection class then is too).</param>
/// <param name="CollectionName">The collection and context property name (<c>People</c>).</param>
/// <param name="Key">The primary key.</param>
/// <param name="Objects">The collection type first, then every nested document type it reaches.</param>
/// <param name="Indexes">The declared indexes.</param>
internal sealed record CollectionModel(
    string Namespace,
    string TypeName,
    string FullTypeName,
    bool IsPublic,
    string CollectionName,
    KeyModel Key,
    EquatableArray<ObjectModel> Objects,
    EquatableArray<IndexModel> Indexes)
{
    /// <summary>The generated typed collection class name.</summary>
    public string CollectionClassName => TypeName + "Collection";

    /// <summary>The generated model class (the <c>ICollectionModel</c> implementation), private and nested in the collection class.</summary>
    public string ModelClassName => TypeName + "Model";
}
