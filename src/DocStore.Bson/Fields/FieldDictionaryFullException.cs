namespace DocStore.Bson;

/// <summary>
/// Thrown when a new field name cannot be given an id because the dictionary has already assigned the
/// largest id (<see cref="CBsonLimits.MaxFieldId"/>). The dictionary and the data are intact; the
/// collection simply cannot hold more distinct field names.
/// </summary>
public sealed class FieldDictionaryFullException : DocStoreException
{
    /// <summary>Creates the exception for the name that could not be added.</summary>
    /// <param name="name">The new name.</param>
    /// <param name="count">How many names the dictionary holds.</param>
    public FieldDictionaryFullException(string name, int count)
        : base(DocStoreErrorCode.FieldDictionaryFull, $"The field dictionary is full: it holds {count} names and has assigned the largest field id {CBsonLimits.MaxFieldId}, so the new field name '{name}' cannot be added.")
    {
        FieldName = name;
    }

    /// <summary>Creates the exception with a generic message.</summary>
    public FieldDictionaryFullException()
        : base(DocStoreErrorCode.FieldDictionaryFull, $"The field dictionary is full: the largest field id {CBsonLimits.MaxFieldId} is assigned.")
    {
    }

    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">The message.</param>
    public FieldDictionaryFullException(string message)
        : base(DocStoreErrorCode.FieldDictionaryFull, message)
    {
    }

    /// <summary>Creates the exception wrapping a cause.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public FieldDictionaryFullException(string message, Exception innerException)
        : base(DocStoreErrorCode.FieldDictionaryFull, message, innerException)
    {
    }

    /// <summary>The name that could not be added, when known.</summary>
    public string? FieldName { get; }
}
