namespace DocStore.PostgreSQL;

/// <summary>Which server answers the reads of a PostgreSQL context (<see cref="PostgresOptions.ReadFrom"/>); writes always go to the primary.</summary>
public enum ReadFrom
{
    /// <summary>Every read goes to the primary: reads see every committed write at once.</summary>
    Primary,

    /// <summary>
    /// Reads outside a transaction and read-only transactions go to a streaming standby named in the connection
    /// string (the primary when none is reachable); they may lag the primary unless <see cref="PostgresOptions.ReadYourWrites"/> is on.
    /// </summary>
    Replica,
}
