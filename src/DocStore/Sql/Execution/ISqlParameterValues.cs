using DocStore.Bson.Model;

namespace DocStore.Sql.Execution;

/// <summary>Parameter values as binding reads them; <see cref="SqlParameters"/> implements it.</summary>
internal interface ISqlParameterValues
{
    /// <summary>The value of the named parameter, if given.</summary>
    bool TryGetNamed(string name, out BsonValue value);

    /// <summary>The value of the positional parameter, if given.</summary>
    bool TryGetPositional(int position, out BsonValue value);
}
