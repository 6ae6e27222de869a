namespace DocStore.Sql.Binding.Names;

/// <summary>Whether a source has a field of a given name, as its schema can tell.</summary>
internal enum FieldMatch
{
    /// <summary>The source has no such field.</summary>
    Missing,

    /// <summary>The source has the field (or, for a name ambiguous in the source, fields that match it).</summary>
    Found,

    /// <summary>The schema does not know the source's fields (a collection the analyzer has no model of).</summary>
    Unknown,
}
