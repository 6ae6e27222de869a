namespace DocStore;

/// <summary>
/// A stored value does not fit the member it is read into (for example a string where the type now has
/// an int, or a number out of the member's range), or a value an untyped write gives a field does not
/// convert to the member type the catalog records for it (then nothing was written). The message names
/// the collection, the document's key and the field path, so the offending document can be found and fixed.
/// </summary>
public sealed class DocumentSchemaException : DocStoreException
{
    /// <summary>Creates the exception for one field.</summary>
    /// <param name="fieldPath">The stored field path (<c>Address.City</c>).</param>
    /// <param name="problem">What is wrong with the stored value.</param>
    public DocumentSchemaException(string fieldPath, string problem)
        : this(null, null, fieldPath, problem)
    {
    }

    /// <summary>Creates the exception with a generic message.</summary>
    public DocumentSchemaException()
        : this(null, null, string.Empty, "the stored document does not match its type")
    {
    }

    /// <summary>Creates the exception with a message and an inner exception.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public DocumentSchemaException(string message, Exception innerException)
        : base(DocStoreErrorCode.SchemaMismatch, message, innerException)
    {
        FieldPath = string.Empty;
        Problem = message;
    }

    private DocumentSchemaException(string? collection, string? key, string fieldPath, string problem)
        : base(DocStoreErrorCode.SchemaMismatch, Format(collection, key, fieldPath, problem))
    {
        Collection = collection;
        Key = key;
        FieldPath = fieldPath;
        Problem = problem;
    }

    /// <summary>The collection name, when known.</summary>
    public string? Collection { get; }

    /// <summary>The document's key as text, when it could be read.</summary>
    public string? Key { get; }

    /// <summary>The stored field path.</summary>
    public string FieldPath { get; }

    /// <summary>What is wrong with the stored value.</summary>
    public string Problem { get; }

    /// <summary>The same error one level up: the field path gains <paramref name="parent"/> as a prefix.</summary>
    /// <param name="parent">The stored name of the enclosing field.</param>
    /// <returns>A new exception.</returns>
    public DocumentSchemaException WithParent(string parent) =>
        new(Collection, Key, FieldPath.Length == 0 ? parent : parent + "." + FieldPath, Problem);

    /// <summary>The same error with the collection and document key filled in.</summary>
    /// <param name="collection">The collection name.</param>
    /// <param name="key">The document key as text, or null when unreadable.</param>
    /// <returns>A new exception.</returns>
    public DocumentSchemaException InCollection(string collection, string? key) => new(collection, key, FieldPath, Problem);

    private static string Format(string? collection, string? key, string fieldPath, string problem)
    {
        string where = collection is null ? "A document" : $"Document {key ?? "(key unreadable)"} of collection '{collection}'";
        return $"{where}: field '{fieldPath}' {problem}.";
    }
}
