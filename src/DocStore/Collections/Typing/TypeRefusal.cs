using DocStore.Bson.Model;
using DocStore.Metadata;

namespace DocStore.Collections.Typing;

/// <summary>A value <see cref="TypedWrites"/> cannot store in a declared member: what each write door turns into its own exception.</summary>
/// <param name="Collection">The collection name.</param>
/// <param name="Key">The document's key as text, when the write knows it (SQL column writes do not).</param>
/// <param name="Path">The field path (<c>Lines[2]</c> for an array element).</param>
/// <param name="Type">The declared type.</param>
/// <param name="Value">The refused value.</param>
/// <param name="Why">Why, beyond the type not matching (a null into a member that cannot hold one).</param>
internal sealed record TypeRefusal(string Collection, string? Key, string Path, FieldType Type, BsonValue Value, string? Why)
{
    /// <summary>The value in words: <c>NULL</c>, <c>a string 'forty'</c>, <c>an int32 7</c>.</summary>
    public string Shown => Value is BsonNull ? "NULL" : $"{TypedWrites.Describe(Value)} {TypedWrites.Excerpt(Value)}".TrimEnd();

    /// <summary>The reason in parentheses with a leading space, or empty.</summary>
    public string Because => Why is null ? string.Empty : $" ({Why})";

    /// <summary>The refusal as a <see cref="DocumentSchemaException"/> naming collection, key and field: what untyped writes throw.</summary>
    /// <returns>The exception.</returns>
    public DocumentSchemaException ToSchemaException() =>
        new DocumentSchemaException(Path, $"cannot hold {Shown}: the collection's typed model declares it {Type.Text}{Because}; nothing was written")
            .InCollection(Collection, Key ?? "(new document)");
}
