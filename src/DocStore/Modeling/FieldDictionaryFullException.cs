namespace DocStore.Modeling;

/// <summary>Thrown when a collection's field dictionary has assigned all 65,534 field ids.</summary>
public sealed class FieldDictionaryFullException : Exception
{
    /// <summary>Creates the exception for the name that could not get an id.</summary>
    /// <param name="name">The new field name.</param>
    public FieldDictionaryFullException(string name)
        : base($"The field dictionary is full: all {FieldIdTable.MaxFieldId} field ids are assigned, so field '{name}' cannot be stored. Dictionaries with unbounded key sets use up field ids; store such data as a list of key/value records instead.")
    {
        FieldName = name;
    }

    /// <summary>Creates the exception with a message.</summary>
    public FieldDictionaryFullException()
        : this(string.Empty)
    {
    }

    /// <summary>Creates the exception with a message and an inner exception.</summary>
    /// <param name="message">The message.</param>
    /// <param name="innerException">The cause.</param>
    public FieldDictionaryFullException(string message, Exception innerException)
        : base(message, innerException)
    {
        FieldName = string.Empty;
    }

    /// <summary>The name that could not get an id.</summary>
    public string FieldName { get; }
}
